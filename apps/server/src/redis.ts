import type { FastifyBaseLogger } from "fastify";

/** While Redis is not answering, how often it is asked (PING) whether it answers again. */
const PROBE_EVERY_MS = 1000;

/**
 * The Redis client behind the shared rate limits. Commands fail at once while Redis is away (no queue) and give up
 * after `timeoutMs` when it stalls (REDIS_TIMEOUT_MS; a paused or overloaded Redis keeps the connection open and
 * answers nothing), so the limits count in this process meanwhile. During such an episode the limits do not wait
 * on Redis at all (`usable` is false) until a PING, once a second, or the reconnecting client finds it answering
 * again. Each episode is logged once.
 */
export async function createRedisClient(url: string, log: FastifyBaseLogger, timeoutMs: number) {
  // Loaded here: a shop without REDIS_URL never loads ioredis.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs });
  let down = false;
  let probe: NodeJS.Timeout | null = null;
  const stopProbing = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };
  const answered = () => {
    if (down) log.info("Redis answers again: rate limits are shared again");
    down = false;
    stopProbing();
  };
  const failed = (error: unknown) => {
    if (!down) log.warn({ err: error }, "Redis unreachable or not answering: rate limits count per process until it answers");
    down = true;
    if (!probe && client.status === "ready") {
      probe = setInterval(() => {
        client.ping().then(answered, () => undefined);
      }, PROBE_EVERY_MS);
      probe.unref();
    }
  };
  client.on("error", failed);
  client.on("ready", answered);
  return {
    client,
    /** The rate limits report each Redis call's outcome here. */
    failed,
    answered,
    /** Whether commands go to Redis now (the rate limits; the health panel). */
    answers: () => client.status === "ready" && !down,
    async start(): Promise<void> {
      // A Redis that is down at start is reported by the error handler; the client keeps trying.
      await client.connect().catch(() => undefined);
    },
    async stop(): Promise<void> {
      stopProbing();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
