import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import { REASON_CODES, REASON_HTTP_STATUS } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { createTestApp, jsonOf, type TestApp } from "../testing";

/**
 * Every refusal carries a stable reason code beside its English message (shared/DECISIONS.md, "The order's life"): REST
 * as `code` in the body, tRPC as `error.data.code`, the same code for the same refusal, with the status its table gives.
 */
describe("reason codes", () => {
  let t: TestApp;
  let customer: { token: string };
  let item: { id: string };
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    customer = await createAccount(t.database.db, "user");
    [item] = (await t.database.db.select({ id: foodItems.id }).from(foodItems).limit(1)) as [typeof item];
  });
  afterAll(() => t.close());

  const rest = async (method: "GET" | "POST", url: string, payload?: object, token?: string) => {
    const res = await t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
    return { status: res.statusCode, body: jsonOf<{ success: boolean; code: string; message: string }>(res) };
  };
  /** A mutation, or with `query` a GET as tRPC's links send queries. */
  const trpc = async (procedure: string, input: object, token?: string, query = false) => {
    const headers = token ? bearer(token) : {};
    const res = query
      ? await t.app.inject({ method: "GET", url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers })
      : await t.app.inject({ method: "POST", url: `/trpc/${procedure}`, payload: input, headers });
    const { error } = jsonOf<{ error: { message: string; data: { code: string; httpStatus: number } } }>(res);
    return { status: res.statusCode, code: error.data.code, message: error.message };
  };

  it("answers each code with the status its table gives, REST and tRPC alike", async () => {
    await t.database.db.update(foodItems).set({ stockKg: 2 }).where(eq(foodItems.id, item.id));
    const cases = [
      { code: "UNAUTHENTICATED", rest: () => rest("POST", "/api/cart/get", {}), trpc: () => trpc("cart.get", {}, undefined, true) },
      { code: "VALIDATION", rest: () => rest("POST", "/api/cart/add", { itemId: item.id, quantity: 0 }, customer.token), trpc: () => trpc("cart.add", { itemId: item.id, quantity: 1.5 }, customer.token) },
      { code: "BAD_CREDENTIALS", rest: () => rest("POST", "/api/user/login", { email: "nobody@example.in", password: "wrong-password" }), trpc: () => trpc("auth.login", { email: "nobody@example.in", password: "wrong-password" }) },
      { code: "STOCK_SHORT", rest: () => rest("POST", "/api/cart/add", { itemId: item.id, quantity: 3 }, customer.token), trpc: () => trpc("cart.add", { itemId: item.id, quantity: 3 }, customer.token) },
      { code: "NOT_FOUND", rest: () => rest("GET", "/api/food/slug/no-such-sweet"), trpc: () => trpc("catalog.bySlug", { slug: "no-such-sweet" }, undefined, true) },
    ] as const;
    for (const one of cases) {
      const answered = await one.rest();
      expect(answered, one.code).toMatchObject({ status: REASON_HTTP_STATUS[one.code], body: { success: false, code: one.code, message: expect.any(String) as string } });
      expect(await one.trpc(), one.code).toMatchObject({ status: REASON_HTTP_STATUS[one.code], code: one.code });
    }
  });

  it("gives paths and methods the shop does not have a code too", async () => {
    expect((await rest("GET", "/api/no-such-path")).body).toMatchObject({ code: "NOT_FOUND" });
    expect((await trpc("no.such.procedure", {}, undefined, true)).code).toBe("NOT_FOUND");
  });

  it("lists each code once, in upper snake case, with an HTTP error status", () => {
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
    for (const code of REASON_CODES) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(REASON_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
  });
});
