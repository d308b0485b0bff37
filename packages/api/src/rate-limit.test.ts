import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appErrorOf } from "./testing";
import { createRateLimiterFactory, type RateLimiterFactory } from "./rate-limit";

const rule = { name: "guess", points: 3, durationSeconds: 60, message: "Slow down" };

/** The same checks against each store. */
function behavesAsALimit(makeFactory: () => RateLimiterFactory) {
  it("answers 429 with the rule's message once a key used its points, leaving other keys alone", async () => {
    const limiter = makeFactory().create(rule);
    for (let i = 0; i < 3; i++) await limiter.consume("a");
    expect(await appErrorOf(limiter.consume("a"))).toMatchObject({ code: "RATE_LIMITED", message: "Slow down" });
    await expect(limiter.consume("b")).resolves.toBeUndefined();
  });

  it("asserts without counting, and forgets a cleared key", async () => {
    const limiter = makeFactory().create(rule);
    for (let i = 0; i < 5; i++) await limiter.assertNotExhausted("c");
    for (let i = 0; i < 3; i++) await limiter.consume("c");
    expect((await appErrorOf(limiter.assertNotExhausted("c"))).code).toBe("RATE_LIMITED");
    await limiter.clear("c");
    await expect(limiter.assertNotExhausted("c")).resolves.toBeUndefined();
  });

  it("forgets every count on reset", async () => {
    const factory = makeFactory();
    const limiter = factory.create(rule);
    for (let i = 0; i < 3; i++) await limiter.consume("d");
    await factory.reset();
    await expect(limiter.consume("d")).resolves.toBeUndefined();
  });
}

describe("rate limits in this process's memory", () => {
  behavesAsALimit(() => createRateLimiterFactory({ kind: "memory" }));

  it("counts apart in two factories (two processes without Redis)", async () => {
    const [one, two] = [createRateLimiterFactory({ kind: "memory" }).create(rule), createRateLimiterFactory({ kind: "memory" }).create(rule)];
    for (let i = 0; i < 3; i++) await one.consume("e");
    await expect(two.consume("e")).resolves.toBeUndefined();
  });
});

describe("rate limits in Redis", () => {
  const client = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
  const prefix = `mithai-test:${randomBytes(6).toString("hex")}`;
  const redisFactory = () => createRateLimiterFactory({ kind: "redis", client, prefix });
  beforeAll(() => client.connect());
  afterAll(async () => {
    await redisFactory().reset();
    expect(await client.keys(`${prefix}:*`)).toEqual([]);
    await client.quit();
  });

  behavesAsALimit(redisFactory);

  it("shares the count between two servers: attempts spread over both hit the limit at the configured count", async () => {
    const [one, two] = [redisFactory().create(rule), redisFactory().create(rule)];
    await one.consume("f");
    await two.consume("f");
    await one.consume("f");
    expect((await appErrorOf(two.consume("f"))).code).toBe("RATE_LIMITED");
    expect((await appErrorOf(one.consume("f"))).code).toBe("RATE_LIMITED");
  });
});
