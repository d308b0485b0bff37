import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Registry } from "prom-client";
import type { ServerMetrics } from "./shop-metrics";

export interface MetricsServer {
  /** Where /metrics answers, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on its own address (METRICS_HOST:METRICS_PORT, 127.0.0.1:9464 by default), never on the shop's public
 * port: what the figures tell (order rates, error rates, the database's state) is for the shop's own Prometheus.
 */
export async function startMetricsServer(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Only GET /metrics here\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts /metrics for a server that has just started listening. A metrics port already taken (a second shop on the
 * same host with the default port) is logged and the shop opens all the same: it sells without metrics rather than
 * not at all, and Prometheus's "server down" alert tells the owner.
 */
export async function serveMetrics(metrics: ServerMetrics, at: { host: string; port: number }, log: FastifyBaseLogger): Promise<MetricsServer | null> {
  try {
    const server = await startMetricsServer(metrics.registry, at.host, at.port);
    log.info({ url: server.url }, "metrics served");
    return server;
  } catch (error) {
    log.error({ err: error }, `metrics not served: ${at.host}:${at.port} is not available (set METRICS_PORT to a free port, or off)`);
    return null;
  }
}
