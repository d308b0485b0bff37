import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("two servers sharing one Redis (issue 19)", () => {
  let one: TestApp;
  let two: TestApp;
  const rateLimitPrefix = `mithai-test:${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    one = await createTestApp({ env: { REDIS_URL }, rateLimitPrefix });
    two = await createTestApp({ env: { REDIS_URL }, rateLimitPrefix, database: one.database });
  });
  afterAll(async () => {
    await one.app.deps.rateLimiters.reset();
    await two.close();
    await one.close();
  });

  it("login guessing spread over both servers hits the limit at the configured count, not twice it", async () => {
    const email = `shared${Date.now()}@example.in`;
    const register = await one.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Shared", email, password: "motichoor-11" } });
    expect(register.statusCode).toBe(200);
    const guess = (t: TestApp) => t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password: "guessing-123" }, remoteAddress: "198.51.100.77" });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess(i % 2 === 0 ? one : two)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await guess(one)).statusCode).toBe(429);
    expect((await guess(two)).statusCode).toBe(429);
  });

  it("each server's limits are the shared ones: a count made through one is reset through the other", async () => {
    const ip = "198.51.100.78";
    const consent = (t: TestApp) => t.app.inject({ method: "POST", url: "/api/consent", payload: { consentStatus: "accepted" }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await consent(i % 2 === 0 ? one : two)).statusCode).toBe(200);
    expect((await consent(two)).statusCode).toBe(429);
    await one.app.deps.rateLimiters.reset();
    expect((await consent(two)).statusCode).toBe(200);
  });
});

describe("a Redis that does not answer", () => {
  it("still limits (each server counting on its own) and lets the server close", async () => {
    const t = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const email = `nored${Date.now()}@example.in`;
      expect((await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "No Redis", email, password: "motichoor-11" } })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password: "guessing-123" } })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    } finally {
      await t.close();
    }
  });
});
