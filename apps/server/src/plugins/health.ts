import type { FastifyInstance } from "fastify";

export async function healthPlugin(app: FastifyInstance, opts: { ping: () => Promise<boolean> }): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const ready = await opts.ping();
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "database unavailable" });
  });
}
