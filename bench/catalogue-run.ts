/**
 * npm run bench:catalogue — only the catalogue figures of `npm run bench` (REST list, REST slug, tRPC list next to a
 * bare Fastify route), on ports BENCH_PORT and BENCH_PORT + 1 (default 3310, 3311) so it can run beside another bench;
 * then the same with metrics and tracing off against on (METRICS_PORT=off and no collector, against /metrics served
 * and spans exported to a collector this bench runs), side by side in alternating rounds (BENCH_ROUNDS): on with a
 * tenth of the traces sampled (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1: how a busy shop runs it) and with
 * every request traced. The bare Fastify row shows how much the machine itself moved between rounds.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { catalogueLoad, catalogueTable, overheadTable, type CatalogueRow } from "./catalogue";
import { benchBefore, benchRounds, changeOfMeans, eachRound } from "./lib";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3310);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

// A collector that takes every export and keeps nothing: the shop pays for making and sending the spans.
let exported = 0;
const collector = createServer((req, res) => {
  req.on("data", (chunk: Buffer) => (exported += chunk.length));
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const load = (shopEnv: Record<string, string>, tree = root) => catalogueLoad({ root: tree, seconds, barePort: port, shopPort: port + 1, shopEnv });

const before = benchBefore();
if (before) {
  // Side by side with another build (BENCH_BEFORE), each with the shop's own defaults, in alternating rounds;
  // BENCH_METRICS=off runs this build without metrics, to compare with a build from before metrics existed.
  const afterEnv: Record<string, string> = process.env.BENCH_METRICS === "off" ? { METRICS_PORT: "off" } : {};
  const rounds: { before: CatalogueRow[]; after: CatalogueRow[] }[] = [];
  for (let round = 0; round < benchRounds(); round++) rounds.push({ before: await load({}, before), after: await load(afterEnv) });
  collector.close();
  const column = (side: "before" | "after", index: number, field: "requestsPerSecond" | "serverCpuMicrosPerRequest") => rounds.map((round) => round[side][index]![field] ?? null);
  console.log(`Catalogue reads, ${before} (before) against ${root} (after), ${rounds.length} alternating rounds of ${seconds} s each, the shop's defaults${afterEnv.METRICS_PORT ? " (after: METRICS_PORT=off)" : ""}:`);
  console.log("| endpoint | req/s before | req/s after | change | server CPU µs/req before | after | change |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  rounds[0]!.after.forEach((row, index) => {
    const rps = [column("before", index, "requestsPerSecond"), column("after", index, "requestsPerSecond")] as const;
    const cpu = [column("before", index, "serverCpuMicrosPerRequest"), column("after", index, "serverCpuMicrosPerRequest")] as const;
    console.log(`| ${row.name} | ${eachRound(rps[0])} | ${eachRound(rps[1])} | ${changeOfMeans(...rps)} | ${eachRound(cpu[0])} | ${eachRound(cpu[1])} | ${changeOfMeans(...cpu)} |`);
  });
  process.exit(0);
}
// Off, a tenth sampled, everything traced: in alternating rounds (BENCH_ROUNDS, default 2), so a machine that slows
// down or speeds up weighs on all three alike.
const off: CatalogueRow[][] = [];
const sampled: CatalogueRow[][] = [];
const everything: CatalogueRow[][] = [];
let sampledBytes = 0;
let everythingBytes = 0;
for (let round = 0; round < benchRounds(); round++) {
  off.push(await load({ METRICS_PORT: "off" }));
  let before = exported;
  sampled.push(await load({ METRICS_PORT: "0", OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" }));
  sampledBytes += exported - before;
  before = exported;
  everything.push(await load({ METRICS_PORT: "0", OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl }));
  everythingBytes += exported - before;
}
collector.close();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB of spans exported`;
console.log("Metrics and tracing on (the shop's defaults, OTEL_EXPORTER_OTLP_ENDPOINT, a tenth of the traces sampled), last round:");
console.log(catalogueTable(sampled.at(-1)!));
console.log(`\nOff (METRICS_PORT=off, no OTEL_EXPORTER_OTLP_ENDPOINT) against on, a tenth sampled, ${off.length} alternating rounds of ${seconds} s (${mb(sampledBytes)}):`);
console.log(overheadTable(off, sampled));
console.log(`\nOff against on, every request traced (${mb(everythingBytes)}):`);
console.log(overheadTable(off, everything));
