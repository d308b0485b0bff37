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

  const shop = await startShop(root, shopPort, shopEnv);
  const results = [];
  for (const [name, url] of await catalogueReads(shop.base)) results.push(await measure(name, url, { seconds, serverPid: shop.child.pid }));
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

/** The built shop on `port` (a fresh embedded database with the demo catalogue), on the servers' core. */
async function startShop(root: string, port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const shop = await startProcess(...onItsOwnCore("node", [path.join(root, "apps/server/dist/server.js")]), { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", ALLOW_SANDBOX_PAYMENTS: "true", JWT_SECRET: "bench-secret-bench-secret-bench-secret-42", METRICS_PORT: "0", ...env }, `${base}/readyz`);
  return { ...shop, base };
}

/** The three catalogue reads measured, by name, on a shop at `base`. */
async function catalogueReads(base: string): Promise<(readonly [string, string])[]> {
  const slug = ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
  return [
    ["REST GET /api/food/list", `${base}/api/food/list`],
    ["REST GET /api/food/slug/{slug}", `${base}/api/food/slug/${slug}`],
    ["tRPC catalog.list", `${base}/trpc/catalog.list`],
  ];
}

/** One read's server CPU per request in each round, on the shop with the setting off and with it on. */
export interface PairedRow {
  name: string;
  off: (number | null)[];
  on: (number | null)[];
}

/**
 * What a setting costs, measured side by side: the shop with it off and the shop with it on run at the same time on
 * the same core, each loaded by its own generator for the same seconds, so a machine that speeds up or slows down
 * weighs on both alike. Each server's CPU per request is its own process's; the two share the core about evenly.
 * Measured one after the other on this shared machine, the same build's figures moved by up to 40 % between rounds;
 * side by side, two identical shops (the control bench:catalogue prints first) differ by a few percent.
 */
export async function pairedLoad(options: { root: string; seconds: number; rounds: number; ports: [number, number]; offEnv: Record<string, string>; onEnv: Record<string, string> }): Promise<PairedRow[]> {
  const { root, seconds, rounds, ports } = options;
  const [off, on] = await Promise.all([startShop(root, ports[0], options.offEnv), startShop(root, ports[1], options.onEnv)]);
  const rows: PairedRow[] = [];
  const [offReads, onReads] = await Promise.all([catalogueReads(off.base), catalogueReads(on.base)]);
  const both = (index: number, time: number) =>
    Promise.all([measure(offReads[index]![0], offReads[index]![1], { seconds: time, serverPid: off.child.pid }), measure(onReads[index]![0], onReads[index]![1], { seconds: time, serverPid: on.child.pid })]);
  // Warmed up on every read first, not counted: a freshly started shop with tracing on ran up to a seventh slower in
  // its first rounds than later (its span paths compiling, its first exports), which a running shop is long past.
  for (const index of offReads.keys()) await both(index, seconds);
  for (const [index, [name]] of offReads.entries()) {
    const row: PairedRow = { name, off: [], on: [] };
    for (let round = 0; round < rounds; round++) {
      const [a, b] = await both(index, seconds);
      row.off.push(a.serverCpuMicrosPerRequest);
      row.on.push(b.serverCpuMicrosPerRequest);
    }
    rows.push(row);
  }
  await Promise.all([off.stop(), on.stop()]);
  return rows;
}

export function pairedTable(rows: PairedRow[]): string {
  return [
    "| endpoint | server CPU µs/req off | on | change of the medians |",
    "|---|---:|---:|---:|",
    ...rows.map((row) => `| ${row.name} | ${eachRound(row.off)} | ${eachRound(row.on)} | ${changeOfMedians(row.off, row.on)} |`),
  ].join("\n");
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
