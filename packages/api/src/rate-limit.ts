import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "./errors";

/** One limit: at most `points` counted attempts per key within `durationSeconds`; past that, 429 with `message`. */
export interface LimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  message: string;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; throws TOO_MANY_REQUESTS when the key has used up its attempts. */
  consume(key: string): Promise<void>;
  /** Throws TOO_MANY_REQUESTS when the key has already used up its attempts, without counting one. */
  assertNotExhausted(key: string): Promise<void>;
  /** Forgets the key's attempts (a successful login clears its failures). */
  clear(key: string): Promise<void>;
}

export interface RateLimiterFactory {
  create(rule: LimitRule): RateLimiter;
  /** Forgets every count this factory's limiters keep (tests). */
  reset(): Promise<void>;
}

/**
 * Where the counts live: Redis when the app runs as several servers (every server sees the same counts),
 * else this process's memory. `prefix` keeps the keys of one shop (or one test) apart from any other.
 */
export type RateLimitStore = { kind: "memory" } | { kind: "redis"; client: Redis; prefix: string };

/** Makes the app's limiters over one store; the app creates it once and hands it to whatever needs limits. */
export function createRateLimiterFactory(store: RateLimitStore): RateLimiterFactory {
  const resets: Array<() => void> = [];
  const prefix = store.kind === "redis" ? store.prefix : "mithai";

  function backendOf(rule: LimitRule): RateLimiterAbstract {
    const options = { keyPrefix: `${prefix}:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    if (store.kind === "memory") return new RateLimiterMemory(options);
    // A Redis outage must not open the door to unlimited guessing: this process keeps counting on its own meanwhile.
    return new RateLimiterRedis({ ...options, storeClient: store.client, insuranceLimiter: new RateLimiterMemory(options) });
  }

  return {
    create(rule) {
      let backend = backendOf(rule);
      if (store.kind === "memory") resets.push(() => (backend = backendOf(rule)));
      const tooMany = () => new AppError("TOO_MANY_REQUESTS", rule.message);
      return {
        async consume(key) {
          try {
            await backend.consume(key);
          } catch (rejection) {
            if (rejection instanceof RateLimiterRes) throw tooMany();
            throw rejection;
          }
        },
        async assertNotExhausted(key) {
          const used = await backend.get(key);
          if (used && used.consumedPoints >= rule.points) throw tooMany();
        },
        async clear(key) {
          await backend.delete(key);
        },
      };
    },
    async reset() {
      for (const reset of resets) reset();
      if (store.kind === "redis") await deleteKeys(store.client, `${store.prefix}:*`);
    },
  };
}

async function deleteKeys(client: Redis, pattern: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", pattern, "COUNT", 500);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}
