import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * The Redis client behind the shared rate limits. Commands fail at once while Redis is away (no queue), so the
 * limits fall back to counting in this process; the client keeps reconnecting, and an outage is logged once.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger) {
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let down = false;
  client.on("error", (error: unknown) => {
    if (!down) log.warn({ err: error }, "Redis unreachable: rate limits count per process until it answers");
    down = true;
  });
  client.on("ready", () => {
    if (down) log.info("Redis answers again: rate limits are shared again");
    down = false;
  });
  return {
    client,
    async start(): Promise<void> {
      // A Redis that is down at start is reported by the error handler; the client keeps trying.
      await client.connect().catch(() => undefined);
    },
    async stop(): Promise<void> {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
