import type { FastifyInstance } from "fastify";
import type { ServerMetrics } from "./shop-metrics";

/**
 * Counts and times every answer by its route's pattern (`/product/:slug`, `/trpc/*`), never the raw URL, so a
 * crawler's ten thousand paths stay one series; a request no route took is `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook("onResponse", (req, reply, done) => {
    metrics.httpAnswered(req.routeOptions.url ?? "unmatched", req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
