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
  /** Counts one attempt for `key`; throws RATE_LIMITED when the key has used up its attempts. */
  consume(key: string): Promise<void>;
  /** Counts one attempt for `key` when it has attempts left; answers whether it had (never throws RATE_LIMITED). */
  tryConsume(key: string): Promise<boolean>;
  /** Throws RATE_LIMITED when the key has already used up its attempts, without counting one. */
  assertNotExhausted(key: string): Promise<void>;
  /** Gives one counted attempt back (an attempt counted before a check that then succeeded). */
  giveBack(key: string): Promise<void>;
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
export type RateLimitStore =
  | { kind: "memory" }
  | {
      kind: "redis";
      client: Redis;
      prefix: string;
      /** Told when a Redis call fails or times out (this process's own count decided instead). */
      failed?: (error: unknown) => void;
      /** Told when a Redis call answered. */
      answered?: () => void;
      /** False while Redis is known not to answer: calls go to this process's count at once, without waiting. */
      usable?: () => boolean;
    };

/** Makes the app's limiters over one store; the app creates it once and hands it to whatever needs limits. */
export function createRateLimiterFactory(store: RateLimitStore): RateLimiterFactory {
  const resets: Array<() => void> = [];
  const prefix = store.kind === "redis" ? store.prefix : "mithai";

  function backendOf(rule: LimitRule): Backend {
    const options = { keyPrefix: `${prefix}:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    if (store.kind === "memory") return new RateLimiterMemory(options);
    // A Redis outage or stall must not open the door to unlimited guessing: this process keeps counting on its own
    // meanwhile (a call that fails or passes REDIS_TIMEOUT_MS is decided by the local count).
    return withFallback(new RateLimiterRedis({ ...options, storeClient: store.client, rejectIfRedisNotReady: true }), new RateLimiterMemory(options), store);
  }

  return {
    create(rule) {
      let backend = backendOf(rule);
      if (store.kind === "memory") resets.push(() => (backend = backendOf(rule)));
      const tooMany = () => new AppError("RATE_LIMITED", rule.message);
      return {
        async consume(key) {
          try {
            await backend.consume(key);
          } catch (rejection) {
            if (rejection instanceof RateLimiterRes) throw tooMany();
            throw rejection;
          }
        },
        async tryConsume(key) {
          try {
            await backend.consume(key);
            return true;
          } catch (rejection) {
            if (rejection instanceof RateLimiterRes) return false;
            throw rejection;
          }
        },
        async assertNotExhausted(key) {
          const used = await backend.get(key);
          if (used && used.consumedPoints >= rule.points) throw tooMany();
        },
        async giveBack(key) {
          await backend.reward(key, 1);
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

/**
 * The network a client address stands for, the key of every per-address limit: an IPv4 address itself, an IPv6
 * address its /64 (one subscriber's whole range, which it can hop through freely). IPv4-mapped IPv6 addresses
 * (`::ffff:203.0.113.7`, what a dual-stack listener reports) count as their IPv4 address.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        const bytes = piece.split(".").map(Number);
        if (bytes.length !== 4 || bytes.some((byte) => !Number.isInteger(byte) || byte < 0 || byte > 255)) return null;
        out.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

type Backend = Pick<RateLimiterAbstract, "consume" | "get" | "reward" | "delete">;

/** Redis first; when a call fails (not a refusal: a RateLimiterRes), the local limiter answers it, and the store is told. */
function withFallback(redis: RateLimiterRedis, local: RateLimiterMemory, store: Extract<RateLimitStore, { kind: "redis" }>): Backend {
  async function either<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (store.usable && !store.usable()) return fallback();
    try {
      const answer = await remote();
      store.answered?.();
      return answer;
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        store.answered?.();
        throw error;
      }
      store.failed?.(error);
      return fallback();
    }
  }
  return {
    consume: (key, points) => either(() => redis.consume(key, points), () => local.consume(key, points)),
    get: (key) => either(() => redis.get(key), () => local.get(key)),
    reward: (key, points) => either(() => redis.reward(key, points), () => local.reward(key, points)),
    // A clear forgets the key in both stores: points taken here while Redis was away are forgotten too.
    delete: async (key) => {
      await local.delete(key);
      return either(() => redis.delete(key), () => Promise.resolve(true));
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
