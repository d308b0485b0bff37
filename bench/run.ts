/**
 * npm run bench — measures the shop side by side with a bare Fastify route on this machine and
 * prints a table; the figures are also written to bench/results/latest.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutLoad, printCheckout } from "./checkout";
import { clusterLoad, clusterTable } from "./cluster";
import { catalogueLoad, catalogueTable } from "./catalogue";
import { startProcess } from "./lib";
import { lighthouseBench, lighthouseTable } from "./lighthouse";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BARE_PORT = 3301;
const SHOP_PORT = 3302;
const CHECKOUT_PORT = 3303;
const LIGHTHOUSE_PORT = 3304;
const CHECKOUT_ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
/** nginx, two app servers and a Redis for the several-servers figures. */
const CLUSTER_PORTS = { balancer: 3190, a: 3191, b: 3192, redis: 3194 };

/** `npm start` on a fresh embedded database (migrations + demo seed) until the first page is served, then again on existing data. */
async function coldStart(): Promise<{ freshMs: number; warmDataMs: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-cold-"));
  const env = { PORT: String(SHOP_PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const time = async () => {
    const started = performance.now();
    const server = await startProcess("npm", ["start", "--silent"], env, `http://127.0.0.1:${SHOP_PORT}/`);
    const ms = Math.round(performance.now() - started);
    await server.stop();
    return ms;
  };
  return { freshMs: await time(), warmDataMs: await time() };
}

const catalogue = await catalogueLoad({ root, seconds: SECONDS, barePort: BARE_PORT, shopPort: SHOP_PORT });
const cluster = await clusterLoad({ root, seconds: SECONDS, ports: CLUSTER_PORTS });
const checkoutUntracked = await checkoutLoad({ root, port: CHECKOUT_PORT, orders: CHECKOUT_ORDERS, concurrency: 50 });
const checkoutTracked = await checkoutLoad({ root, port: CHECKOUT_PORT, orders: CHECKOUT_ORDERS, concurrency: 50, stockTracked: true });
const checkout = checkoutUntracked && checkoutTracked ? [checkoutUntracked, checkoutTracked] : null;
const cold = await coldStart();
const lighthouse = await lighthouseBench({ root, port: LIGHTHOUSE_PORT });

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\nMithai bench — ${new Date().toISOString()} — ${machine}`);
console.log(`50 connections, ${SECONDS} s each, browser-like Accept-Encoding (gzip, deflate, br, zstd)\n`);
console.log(catalogueTable(catalogue));
if (cluster) console.log(`\n${clusterTable(cluster)}`);
if (checkout) {
  printCheckout(checkout);
  if (checkout.some((run) => !run.consistent)) process.exitCode = 1;
}
console.log(`\ncold start (npm start → first page): fresh embedded database ${cold.freshMs} ms, existing data ${cold.warmDataMs} ms`);
console.log(`\n${lighthouseTable(lighthouse)}`);

mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(
  path.join(root, "bench/results/latest.json"),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seconds: SECONDS, connections: 50, catalogue, cluster, checkout, coldStart: cold, lighthouse }, null, 2)}\n`,
);
