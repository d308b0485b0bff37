import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAuthToken } from "@mithai/api";
import { promoCodes } from "@mithai/db/schema";
import { insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { createTestApp, jsonOf, TEST_JWT_SECRET, type TestApp } from "../testing";

/** Issue 30: the applied promo code is kept with the server cart until the order is paid or the code removed. */
describe("the promo code kept with the server cart", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [itemId] = (await insertTestFoodItems(t.database.db, 1)) as [string];
    token = await signAuthToken({ userId: await insertTestUser(t.database.db, "Promo Fan"), role: "user" }, TEST_JWT_SECRET);
    await t.database.db.insert(promoCodes).values({ code: "DIWALI10", kind: "percent", value: 10 });
    expect((await t.app.inject({ method: "POST", url: "/api/cart/add", headers: { authorization: `Bearer ${token}` }, payload: { itemId, quantity: 2 } })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}` });
  const cartPromo = async () => jsonOf<{ promoCode: string | null; cartItems: unknown[] }>(await t.app.inject({ method: "POST", url: "/api/cart/get", headers: auth() })).promoCode;

  it("cart/get answers promoCode null, then the code applied (stored upper-case); a refused code leaves it; DELETE removes it", async () => {
    expect(await cartPromo()).toBeNull();
    const applied = await t.app.inject({ method: "POST", url: "/api/promo/apply", headers: auth(), payload: { code: "diwali10" } });
    expect(applied.statusCode).toBe(200);
    expect(await cartPromo()).toBe("DIWALI10");
    const trpc = jsonOf<{ result: { data: { promoCode: string | null } } }>(await t.app.inject({ url: "/trpc/promo.current", headers: auth() }));
    expect(trpc.result.data.promoCode).toBe("DIWALI10");

    const refused = await t.app.inject({ method: "POST", url: "/api/promo/apply", headers: auth(), payload: { code: "NOSUCH" } });
    expect(refused.statusCode).toBe(400);
    expect(await cartPromo()).toBe("DIWALI10");

    const removed = await t.app.inject({ method: "DELETE", url: "/api/promo", headers: auth() });
    expect(removed.statusCode).toBe(200);
    expect(jsonOf(removed)).toEqual({ success: true, promoCode: null, message: "Promo code removed" });
    expect(await cartPromo()).toBeNull();
    expect((await t.app.inject({ method: "DELETE", url: "/api/promo" })).statusCode).toBe(401);
  });
});
