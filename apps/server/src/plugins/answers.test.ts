import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@mithai/api";
import { sql } from "@mithai/db/sql";
import type { FoodItem } from "@mithai/schema";
import { REQUEST_ID_HEADER } from "./request-ids";
import { captureLogs, createTestApp, jsonOf, TEST_JWT_SECRET, type TestApp } from "../testing";

// tRPC puts stack traces in its answers unless NODE_ENV is "production" (so also under `npm start`, which sets none,
// and here, where vitest sets "test") or the router says otherwise (packages/api/src/trpc.ts): these tests see which.

describe("answers through a real HTTP client", () => {
  let t: TestApp;
  let base: string;
  let item: FoodItem;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { NODE_ENV: "development", JWT_SECRET: TEST_JWT_SECRET }, logger: logs.logger });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    [item] = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data as [FoodItem];
  });
  afterAll(() => t.close());

  const trpcGet = (path: string, input: unknown, encoding: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers: { "accept-encoding": encoding, ...headers } });

  async function customerToken(): Promise<string> {
    const res = await fetch(`${base}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Meera", email: `meera${Date.now()}@example.in`, password: "barfi-and-ladoo" }),
    });
    return ((await res.json()) as { token: string }).token;
  }

  it.each(["gzip", "br", "gzip, deflate, br"])("keeps tRPC errors' status and JSON content type with Accept-Encoding: %s", async (encoding) => {
    const unauthorized = await trpcGet("user.profile", undefined, encoding);
    const forbidden = await trpcGet("admin.todaySales", undefined, encoding, { authorization: `Bearer ${await customerToken()}` });
    const notFound = await trpcGet("reviews.list", { productId: "no-such-sweet" }, encoding);
    const missingProcedure = await trpcGet("catalog.nothingHere", undefined, encoding);
    for (const [res, status] of [
      [unauthorized, 401],
      [forbidden, 403],
      [notFound, 404],
      [missingProcedure, 404],
    ] as const) {
      expect(res.status, await res.clone().text()).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
  });

  it("keeps a 429 a 429 when compressed", async () => {
    const spy = vi.spyOn(t.app.deps.db, "select").mockImplementation(() => {
      throw new AppError("RATE_LIMITED", "Too many requests. Please wait a minute.");
    });
    try {
      const res = await trpcGet("reviews.list", { productId: item._id }, "gzip");
      expect(res.status).toBe(429);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    } finally {
      spy.mockRestore();
    }
  });

  it("still compresses large successful tRPC answers", async () => {
    const input = {};
    const res = await fetch(`${base}/trpc/catalog.list,catalog.list,catalog.list?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, {
      headers: { "accept-encoding": "br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await res.json()) as unknown[]).length).toBe(3);
  });

  it("answers a failed query with a 500 that names no SQL, no stack, only a request id the log also carries", async () => {
    await t.database.db.execute(sql`alter table reviews rename to reviews_gone`);
    try {
      for (const encoding of ["gzip", "br", "identity"]) {
        const res = await trpcGet("reviews.list", { productId: item._id }, encoding);
        expect(res.status).toBe(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        const body = await res.text();
        expect(body).not.toMatch(/select|from "|stack|\.ts\b|node_modules|params/i);
        const requestId = res.headers.get(REQUEST_ID_HEADER);
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        const parsed = JSON.parse(body) as { error: { message: string; data: { requestId: string } } };
        expect(parsed.error.message).toContain(requestId);
        expect(parsed.error.data.requestId).toBe(requestId);
        const logged = logs.lines.find((line) => line.reqId === requestId && line.level === 50);
        expect(logged?.msg).toBe("tRPC procedure failed");
      }
    } finally {
      await t.database.db.execute(sql`alter table reviews_gone rename to reviews`);
    }
  });

  it("answers REST's unexpected failures the same way", async () => {
    const spy = vi.spyOn(t.app.deps.db, "select").mockImplementation(() => {
      throw new Error('Failed query: select "id" from "users" where "email" = $1\nparams: secret@example.in');
    });
    try {
      const res = await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${await customerToken()}` } });
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).not.toMatch(/select|users|params|secret/i);
      const requestId = res.headers.get(REQUEST_ID_HEADER);
      expect(JSON.parse(body)).toEqual({ success: false, code: "INTERNAL", message: expect.stringContaining(requestId ?? "missing") as string, requestId });
      expect(logs.lines.some((line) => line.reqId === requestId && line.level === 50)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
