#!/usr/bin/env node
// `npm test`'s last step: vitest (`test:unit`) and the browser journeys (`test:e2e`) side by side. Each leaves part of
// the two cores idle (vitest while a test waits on a process it started, the journeys while a page waits on its
// server), so together they finish about 40 s sooner than one after the other (docs/figures.md).
// vitest writes to the terminal as it runs; the journeys' output is kept and printed after it, then both times.
// Exits 1 when either failed; Ctrl-C stops both.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

// The system packages both need, installed one at a time before either starts (two apt-get runs at once would
// fight over dpkg's lock).
for (const script of ["ensure-redis.sh", "ensure-poppler.sh", "ensure-zbar.sh", "ensure-promtool.sh", "ensure-chromium.sh"]) {
  const result = spawnSync("bash", [path.join(root, "scripts", script)], { stdio: "inherit", cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const logDir = path.join(root, "node_modules", ".cache", "mithai");
mkdirSync(logDir, { recursive: true });
const journeysLog = path.join(logDir, "browser-journeys.log");

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

const children = [];

/** Runs a command; resolves with its exit code and how long it took. `logFile`: its output goes there, not here. */
function run(command, args, logFile) {
  return new Promise((resolve) => {
    const out = logFile ? createWriteStream(logFile) : undefined;
    const child = spawn(command, args, { cwd: root, stdio: out ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    children.push(child);
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      const result = { code, ms: Date.now() - started };
      // With a log file: once everything the command wrote is in it.
      if (out) out.end(() => resolve(result));
      else resolve(result);
    };
    child.on("error", (error) => {
      console.error(`${path.basename(command)} could not start: ${error.message}`);
      end(1);
    });
    child.on("close", (code, signal) => end(code ?? (signal ? 1 : 0)));
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

console.log(`Browser journeys run beside vitest; their output follows vitest's (and is kept in ${path.relative(root, journeysLog)}).`);
const journeys = run(bin("playwright"), ["test"], journeysLog);
const unit = await run(bin("vitest"), ["run"]);
const browser = await journeys;

console.log("\n── Browser journeys (Playwright) ──");
process.stdout.write(readFileSync(journeysLog, "utf8"));
console.log(`\nvitest: ${unit.code === 0 ? "passed" : "FAILED"} (${seconds(unit.ms)}); browser journeys: ${browser.code === 0 ? "passed" : "FAILED"} (${seconds(browser.ms)}); both: ${seconds(Date.now() - started)}`);
process.exit(unit.code === 0 && browser.code === 0 ? 0 : 1);
