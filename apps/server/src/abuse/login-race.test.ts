import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PASSWORD = "motichoor-11";

/** 60 logins at once from one address, the right password last; answers the count of each status. */
export async function sixtyAtOnce(servers: TestApp[], email: string): Promise<Record<number, number>> {
  const attempts = Array.from({ length: 60 }, (_, i) =>
    servers[i % servers.length]!.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email, password: i === 59 ? PASSWORD : `guessing-${i}` },
      remoteAddress: "198.51.100.60",
    }),
  );
  const statuses: Record<number, number> = {};
  for (const res of await Promise.all(attempts)) statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  return statuses;
}

async function register(t: TestApp): Promise<string> {
  const email = `race${Date.now()}${randomBytes(3).toString("hex")}@example.in`;
  const res = await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Race", email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return email;
}

/** The documented limit: 10 passwords checked per account and network in 15 minutes. */
const CHECKED_AT_MOST = 10;

describe("concurrent guesses never pass the per-account limit (issue 26)", () => {
  it("one server, limits in memory: at most 10 of 60 simultaneous logins are checked", async () => {
    const t = await createTestApp();
    try {
      const statuses = await sixtyAtOnce([t], await register(t));
      expect((statuses[200] ?? 0) + (statuses[401] ?? 0)).toBeLessThanOrEqual(CHECKED_AT_MOST);
      expect(statuses[429]).toBeGreaterThanOrEqual(60 - CHECKED_AT_MOST);
    } finally {
      await t.close();
    }
  });

  it("two servers sharing Redis: at most 10 of 60 simultaneous logins are checked, over both", async () => {
    const rateLimitPrefix = `mithai-test:${randomBytes(6).toString("hex")}`;
    const one = await createTestApp({ env: { REDIS_URL }, rateLimitPrefix });
    const two = await createTestApp({ env: { REDIS_URL }, rateLimitPrefix, database: one.database });
    try {
      const statuses = await sixtyAtOnce([one, two], await register(one));
      expect((statuses[200] ?? 0) + (statuses[401] ?? 0)).toBeLessThanOrEqual(CHECKED_AT_MOST);
      expect(statuses[429]).toBeGreaterThanOrEqual(60 - CHECKED_AT_MOST);
    } finally {
      await one.app.deps.rateLimiters.reset();
      await two.close();
      await one.close();
    }
  });

  it("a successful login gives its point back: the owner is not counted against", async () => {
    const t = await createTestApp();
    try {
      const email = await register(t);
      const login = (password: string) => t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password }, remoteAddress: "198.51.100.61" });
      for (let i = 0; i < 9; i++) expect((await login(`guessing-${i}`)).statusCode).toBe(401);
      expect((await login(PASSWORD)).statusCode).toBe(200);
      // The failures are forgotten with the success, and the success itself used nothing.
      for (let i = 0; i < 10; i++) expect((await login(`guessing-${i}`)).statusCode).toBe(401);
      expect((await login(PASSWORD)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
