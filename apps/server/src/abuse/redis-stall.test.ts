import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivateRedis } from "../cluster/private-redis";
import { sleep } from "../faults/processes";
import { captureLogs, createTestApp, type TestApp } from "../testing";

/** A Redis of this test's own (port in this suite's range): pausing it disturbs no other test. */
const REDIS_PORT = 3441;

describe("a stalled Redis stalls nothing (issue 26)", () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let t: TestApp;
  let admin: Redis;
  const logs = captureLogs();
  const email = `stall${Date.now()}@example.in`;

  beforeAll(async () => {
    redis = await startPrivateRedis(REDIS_PORT);
    t = await createTestApp({ env: { REDIS_URL: redis.url }, logger: logs.logger });
    admin = new Redis(redis.url);
    expect((await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Stall", email, password: "motichoor-11" } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    admin.disconnect();
    await t.close();
    await redis.stop();
  });

  const login = async (password: string) => {
    const started = performance.now();
    const res = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password }, remoteAddress: "198.51.100.33" });
    return { status: res.statusCode, ms: performance.now() - started };
  };
  const warnings = (from = 0) => logs.lines.slice(from).filter((line) => line.level === 40 && String(line.msg).startsWith("Redis unreachable or not answering"));

  it("CLIENT PAUSE (10 s): logins answered within 3 s (the password hash included, on a busy machine), still limited (in this process), one warning for the episode", async () => {
    // On a busy machine the client may still be (re)connecting: start once the limits go to Redis.
    const deadline0 = Date.now() + 20_000;
    while ((await t.app.deps.health.redis()) !== "ok" && Date.now() < deadline0) await sleep(100);
    expect(await t.app.deps.health.redis()).toBe("ok");
    expect((await login("motichoor-11")).status).toBe(200);
    // (A busy machine may have logged an episode while connecting at start: only this pause's lines count.)
    const before = logs.lines.length;
    // Long enough for the whole sequence even on a busy machine (the counts must all fall inside the pause).
    const pausedAt = Date.now();
    await admin.call("CLIENT", "PAUSE", "10000", "ALL");
    const during = [];
    for (let i = 0; i < 11; i++) during.push(await login(`guessing-${i}`));
    expect(during.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(3000);
    const right = await login("motichoor-11");
    expect(right.ms).toBeLessThan(3000);
    expect(warnings(before)).toHaveLength(1);
    expect(await t.app.deps.health.redis()).toBe("down");

    // Once Redis answers again the limits are shared again, and that is logged.
    await sleep(Math.max(0, pausedAt + 10_000 - Date.now()));
    const deadline = Date.now() + 5000;
    while (!logs.lines.some((line) => line.msg === "Redis answers again: rate limits are shared again") && Date.now() < deadline) await sleep(100);
    expect(logs.lines.some((line) => line.msg === "Redis answers again: rate limits are shared again")).toBe(true);
  });
});
