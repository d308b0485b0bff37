// Front-end budgets, checked after `npm run build`:
//  - the storefront's initial JavaScript (entry chunk + its static imports) is at most 121 KB gzip: 118.0 KB before the
//    storefront spoke three languages plus at most 3 KB for it (issue 28: Lingui's runtime and message ids; the
//    catalogues themselves are lazy chunks, one per language, listed below);
//  - no module of the admin panel (apps/web/src/admin/), nor its charting library (uPlot), is in any chunk a
//    storefront visitor loads;
//  - the admin chunk's size (the lazily loaded panel and what it alone imports) is printed beside the storefront's.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 121 * 1024;
const dist = path.resolve(import.meta.dirname, "../apps/web/dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("no entry chunk in the Vite manifest");

const initial = new Set();
(function collect(key) {
  if (initial.has(key)) return;
  initial.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep);
})(entryKey);

let total = 0;
const offenders = [];
for (const key of initial) {
  const file = manifest[key].file;
  const code = readFileSync(path.join(dist, file));
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  console.log(`  initial  ${file.padEnd(40)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), "utf8"));
  offenders.push(...map.sources.filter((source) => /(^|\/)src\/admin\/|node_modules\/uplot\//.test(source)).map((source) => `${file}: ${source}`));
}
const lazy = Object.values(manifest).filter((chunk) => chunk.file.endsWith(".js") && ![...initial].some((key) => manifest[key].file === chunk.file));
for (const chunk of lazy) console.log(`  lazy     ${chunk.file}`);

// The admin chunk: the admin routes' module and the chunks it imports that the storefront does not load first.
const adminKey = Object.keys(manifest).find((key) => /src\/admin\/AdminRoutes\.tsx$/.test(key));
let adminTotal = 0;
if (adminKey) {
  const seen = new Set();
  (function collect(key) {
    if (seen.has(key) || initial.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) collect(dep);
  })(adminKey);
  for (const key of seen) adminTotal += gzipSync(readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length;
}

console.log(`storefront initial JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
console.log(`admin chunk JS (lazy): ${(adminTotal / 1024).toFixed(1)} KB gzip, loaded only under /admin`);
let failed = false;
if (total > BUDGET_BYTES) {
  console.error(`FAIL: the storefront's initial JavaScript is over budget by ${((total - BUDGET_BYTES) / 1024).toFixed(1)} KB`);
  failed = true;
}
if (offenders.length > 0) {
  console.error(`FAIL: admin code in storefront chunks:\n  ${offenders.join("\n  ")}`);
  failed = true;
}
if (failed) process.exit(1);
console.log("web budgets: ok");
