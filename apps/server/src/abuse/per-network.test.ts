import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networkOf } from "@mithai/api";
import { createTestApp, type TestApp } from "../testing";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("networkOf: the key of every per-address limit", () => {
  it("keeps an IPv4 address, cuts an IPv6 address to its /64, reads IPv4-mapped addresses as IPv4", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("2001:db8:1:2::17")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8:1:3::17")).toBe("2001:db8:1:3::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(networkOf("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(networkOf("::ffff:c633:6409")).toBe("198.51.100.9");
  });
});

/** 300 guesses at one account, each from another address of one /64, through the trusted proxy path (nginx's X-Forwarded-For). */
async function guessFromOneSlash64(t: TestApp): Promise<Record<number, number>> {
  const email = `v6guess${Date.now()}@example.in`;
  const register = await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Six", email, password: "motichoor-11" } });
  expect(register.statusCode).toBe(200);
  const statuses: Record<number, number> = {};
  for (let i = 1; i <= 300; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email, password: `guessing-${i}` },
      headers: { "x-forwarded-for": `2001:db8:1:2::${i.toString(16)}` },
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  }
  return statuses;
}

describe("IPv6 clients are limited by their /64 (issue 26)", () => {
  it("in this process's memory: 300 guesses from one /64 → 10 checked, the rest 429", async () => {
    const t = await createTestApp();
    try {
      expect(await guessFromOneSlash64(t)).toEqual({ 401: 10, 429: 290 });
      // Another /64 is another network: its first guess is checked.
      const other = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: "nobody@example.in", password: "guessing-1" }, headers: { "x-forwarded-for": "2001:db8:1:3::1" } });
      expect(other.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  describe("in Redis", () => {
    let t: TestApp;
    const rateLimitPrefix = `mithai-test:${randomBytes(6).toString("hex")}`;
    beforeAll(async () => {
      t = await createTestApp({ env: { REDIS_URL }, rateLimitPrefix });
    });
    afterAll(async () => {
      await t.app.deps.rateLimiters.reset();
      await t.close();
    });

    it("300 guesses from one /64 → 10 checked, the rest 429", async () => {
      expect(await guessFromOneSlash64(t)).toEqual({ 401: 10, 429: 290 });
    });
  });
});
