import type { FastifyInstance } from "fastify";

/**
 * /healthz: the process is up. /readyz: it should get traffic — the database answers and the server is not
 * draining (told to stop, finishing what it has), so a balancer that asks sends new work elsewhere.
 */
export async function healthPlugin(app: FastifyInstance, opts: { ping: () => Promise<boolean>; draining: () => boolean }): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    if (opts.draining()) return reply.status(503).send({ status: "draining" });
    const ready = await opts.ping();
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "database unavailable" });
  });
}
