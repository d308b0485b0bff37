import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonOf, type TestApp } from "../testing";

describe("server plumbing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers /healthz and /readyz while the database answers", async () => {
    expect((await t.app.inject("/healthz")).statusCode).toBe(200);
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(jsonOf(ready)).toEqual({ status: "ready" });
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(jsonOf(res)).toMatchObject({ success: false });
  });

  it("answers invalid JSON with a 400 and a message, not a 5xx", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/food/list", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(jsonOf<{ message: string }>(res).message).toBeTruthy();
  });

  it("answers 503 on /readyz once the database is gone", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    await other.app.close();
  });
});
