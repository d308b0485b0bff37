// Runs after every `npm install` / `npm ci` (root "postinstall"): fixes a crash in postgres.js 3.4.9, the
// PostgreSQL driver, until a release carries the fix (upstream issues porsager/postgres#1154 and #1208).
//
// The driver batches small writes with setImmediate. When the database closes a connection (a restart, a
// failover, an idle kill) and a query is then sent on it — a transaction's next statement on its reserved
// connection — the scheduled write finds no socket and throws from the timer: an uncaught TypeError that ends
// the whole server. The guard fails those queries with CONNECTION_CLOSED instead, so the caller's request
// answers 500 and the pool reconnects (apps/server/src/faults/postgres-restart.test.ts shows both).
//
// Idempotent; refuses loudly when the driver's source no longer looks as expected (a new version: check
// whether it still needs this, then update or remove the patch).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const PATCHED_VERSION = "3.4.9";
const MARKER = "mithai: guard against a closed socket";
const original = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const guarded = `  function nextWrite(fn) {
    if (!socket) { // ${MARKER}
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

const require = createRequire(new URL("../packages/db/package.json", import.meta.url));
let entry;
try {
  entry = require.resolve("postgres");
} catch (error) {
  // Not installed (e.g. a partial install): nothing to patch.
  if (error.code === "MODULE_NOT_FOUND") process.exit(0);
  throw error;
}
// The package does not export its package.json: walk up from its entry point (cjs/src/index.js).
let root = path.dirname(entry);
while (!existsSync(path.join(root, "package.json")) || JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).name !== "postgres") {
  if (path.dirname(root) === root) throw new Error(`no postgres package.json above ${entry}`);
  root = path.dirname(root);
}
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
if (version !== PATCHED_VERSION) {
  console.error(`scripts/patch-postgres.mjs: postgres is ${version}, the patch is for ${PATCHED_VERSION}; check porsager/postgres#1154 and update the script`);
  process.exit(1);
}

// The ESM build (Node's import), the CommonJS build (require) and the Workers build.
for (const file of ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"]) {
  const target = path.join(root, file);
  const source = readFileSync(target, "utf8");
  if (source.includes(MARKER)) continue;
  if (!source.includes(original)) {
    console.error(`scripts/patch-postgres.mjs: ${target} no longer has the expected nextWrite; update the script`);
    process.exit(1);
  }
  writeFileSync(target, source.replace(original, guarded));
}
