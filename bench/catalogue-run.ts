/**
 * npm run bench:catalogue — only the catalogue figures of `npm run bench` (REST list, REST slug, tRPC list next to a
 * bare Fastify route), on ports BENCH_PORT and BENCH_PORT + 1 (default 3310, 3311) so it can run beside another bench;
 * then what metrics and tracing cost: the shop with them off (METRICS_PORT=off, no collector) and with them on
 * (/metrics served, spans exported to a collector this bench runs) side by side on one core (pairedLoad), for
 * BENCH_ROUNDS rounds of BENCH_SECONDS: a control (off against off), metrics alone, metrics with a thousandth of the
 * traces sampled (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.001: how a busy shop runs it; issue 31's target is
 * within 5 % of off), a hundredth, a tenth, and every request traced.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { catalogueLoad, catalogueTable, pairedLoad, pairedTable, type CatalogueRow } from "./catalogue";
import { benchBefore, benchRounds, changeOfMeans, eachRound, medianChange } from "./lib";

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
// Off against on, side by side (pairedLoad): first off against off, how far two identical shops differ here; then
// metrics alone, metrics with a thousandth of the traces sampled (how a busy shop runs it), a hundredth, a tenth, and
// every request traced.
const tracingOn = (ratio: string | null): Record<string, string> => ({
  METRICS_PORT: "0",
  OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
  ...(ratio === null ? {} : { OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: ratio }),
});
const BUSY_SHOP = "0.001";
const configurations: [string, Record<string, string>][] = [
  ["off again (the control: how far two identical shops differ)", { METRICS_PORT: "off" }],
  ["metrics on, no tracing", { METRICS_PORT: "0" }],
  [`metrics on, tracing on with a thousandth of the traces sampled (OTEL_TRACES_SAMPLER=parentbased_traceidratio, OTEL_TRACES_SAMPLER_ARG=${BUSY_SHOP})`, tracingOn(BUSY_SHOP)],
  ["metrics on, a hundredth sampled (OTEL_TRACES_SAMPLER_ARG=0.01)", tracingOn("0.01")],
  ["metrics on, a tenth sampled (OTEL_TRACES_SAMPLER_ARG=0.1)", tracingOn("0.1")],
  ["metrics on, every request traced (the SDK's default sampler)", tracingOn(null)],
];
console.log("Metrics on, tracing on with a thousandth sampled:");
console.log(catalogueTable(await load(tracingOn(BUSY_SHOP))));
for (const [name, onEnv] of configurations) {
  const before = exported;
  const rows = await pairedLoad({ root, seconds, rounds: benchRounds(), ports: [port, port + 1], offEnv: { METRICS_PORT: "off" }, onEnv });
  console.log(`\nOff (METRICS_PORT=off, no OTEL_EXPORTER_OTLP_ENDPOINT) against ${name}; side by side on one core, ${benchRounds()} rounds of ${seconds} s, ${((exported - before) / 1024 / 1024).toFixed(1)} MB of spans exported:`);
  console.log(pairedTable(rows));
  if (onEnv.OTEL_TRACES_SAMPLER_ARG === BUSY_SHOP) {
    const over = rows.filter((row) => medianChange(row.off, row.on) > 5);
    console.log(over.length ? `Not within 5 % of off: ${over.map((row) => row.name).join(", ")}.` : "Within 5 % of off on every read (issue 31's target).");
  }
}
collector.close();
