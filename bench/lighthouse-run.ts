/**
 * npm run bench:lighthouse [-- <shop url>] — Lighthouse alone: starts the built shop on a fresh embedded database
 * (or audits the shop at the given address), prints the table and writes bench/results/lighthouse.json.
 * LIGHTHOUSE_RUNS sets the runs per page (default 3; medians are reported).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lighthouseBench, lighthouseScores, lighthouseTable } from "./lighthouse";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const url = process.argv[2];

const results = url ? await lighthouseScores(url, { runs }) : await lighthouseBench({ root, port: 3304, runs });
console.log(`\n${lighthouseTable(results)}`);
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/lighthouse.json"), `${JSON.stringify({ measuredAt: new Date().toISOString(), lighthouse: results }, null, 2)}\n`);
