import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { changeOfMedians, eachRound, measure, onItsOwnCore, startProcess, type LoadResult } from "./lib";

export interface CatalogueRow extends LoadResult {
  ratioToBare: number;
  cpuRatioToBare: number | null;
}

/**
 * The catalogue reads (REST list, REST slug, tRPC list) on the built server, next to a bare Fastify route measured in
 * the same run. `shopEnv` adds to the server's settings (metrics and tracing on or off).
 */
export async function catalogueLoad(options: { root: string; seconds: number; barePort: number; shopPort: number; shopEnv?: Record<string, string> }): Promise<CatalogueRow[]> {
  const { root, seconds, barePort, shopPort, shopEnv = {} } = options;
  // Each server on a core of its own, the load generator on the other (onItsOwnCore): steadier figures.
  const bare = await startProcess(...onItsOwnCore("node", [path.join(root, "bench/bare-fastify.mjs")]), { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  const bareResult = await measure("bare Fastify hello world", `http://127.0.0.1:${barePort}/`, { seconds, serverPid: bare.child.pid });
  await bare.stop();

  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-bench-"));
  const base = `http://127.0.0.1:${shopPort}`;
  const shop = await startProcess(...onItsOwnCore("node", [path.join(root, "apps/server/dist/server.js")]), { PORT: String(shopPort), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", ALLOW_SANDBOX_PAYMENTS: "true", JWT_SECRET: "bench-secret-bench-secret-bench-secret-42", METRICS_PORT: "0", ...shopEnv }, `${base}/readyz`);
  const slug = ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
  const results = [];
  for (const [name, url] of [
    ["REST GET /api/food/list", `${base}/api/food/list`],
    ["REST GET /api/food/slug/{slug}", `${base}/api/food/slug/${slug}`],
    ["tRPC catalog.list", `${base}/trpc/catalog.list`],
  ] as const) {
    results.push(await measure(name, url, { seconds, serverPid: shop.child.pid }));
  }
  await shop.stop();
  return [bareResult, ...results].map((r) => ({
    ...r,
    ratioToBare: Number((r.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)),
    // The same comparison by the server's own CPU per request: the load generator shares the two cores and
    // spends more per byte received, so req/s of large answers are bounded by it, not by the server.
    cpuRatioToBare:
      r.serverCpuMicrosPerRequest && bareResult.serverCpuMicrosPerRequest ? Number((bareResult.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest).toFixed(2)) : null,
  }));
}

export function catalogueTable(rows: CatalogueRow[]): string {
  return [
    "| endpoint | req/s | p50 ms | p99 ms | × bare Fastify (req/s) | server CPU µs/req | × bare Fastify (server CPU) | errors | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.ratioToBare} | ${r.serverCpuMicrosPerRequest ?? "n/a"} | ${r.cpuRatioToBare ?? "n/a"} | ${r.errors} | ${r.non2xx} |`,
    ),
  ].join("\n");
}

/** Off and on side by side, each round's req/s and the server's CPU per request, and how much on costs (change of the medians). */
export function overheadTable(off: CatalogueRow[][], on: CatalogueRow[][]): string {
  const column = (rounds: CatalogueRow[][], index: number, field: "requestsPerSecond" | "serverCpuMicrosPerRequest") => rounds.map((rows) => rows[index]![field] ?? null);
  return [
    "| endpoint | req/s off | req/s on | change | server CPU µs/req off | on | change |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...off[0]!.map((row, index) => {
      const rps = [column(off, index, "requestsPerSecond"), column(on, index, "requestsPerSecond")] as const;
      const cpu = [column(off, index, "serverCpuMicrosPerRequest"), column(on, index, "serverCpuMicrosPerRequest")] as const;
      return `| ${row.name} | ${eachRound(rps[0])} | ${eachRound(rps[1])} | ${changeOfMedians(...rps)} | ${eachRound(cpu[0])} | ${eachRound(cpu[1])} | ${changeOfMedians(...cpu)} |`;
    }),
  ].join("\n");
}
