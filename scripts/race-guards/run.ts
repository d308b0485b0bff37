/**
 * npm run test:guards — proves each race test can fail: for every guard in mutations.ts, runs the tests it names on
 * PostgreSQL (TEST_DATABASE_URL; the race tests share one connection on PGlite, where nothing runs at once) with that
 * guard removed, and expects them to fail within ATTEMPTS runs (a race's interleaving may not come in one). Exits 1
 * if a test still passes without its guard, or a guard moved.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUARD_MUTATIONS, withoutGuard } from "./mutations";

const root = fileURLToPath(new URL("../..", import.meta.url));
if (!process.env.TEST_DATABASE_URL) {
  console.error("test:guards needs PostgreSQL: set TEST_DATABASE_URL (npm run test:guards sets the local default)");
  process.exit(2);
}
const only = process.argv[2];
const ATTEMPTS = 6;
let unproven = 0;
const rows: string[] = [];
for (const mutation of GUARD_MUTATIONS.filter((m) => !only || m.name === only)) {
  // Before any test runs: a guard that moved is an error, not a pass.
  withoutGuard(mutation, readFileSync(path.join(root, mutation.file), "utf8"));
  for (const test of mutation.tests) {
    const started = Date.now();
    // A race without its guard fails only when the interleaving comes; a run may miss it (the deadlock test has
    // needed a second and a third run in CI). Proven when any of ATTEMPTS runs fails by the test's own assertion.
    let attempts = 0;
    let output = "";
    let failedByTest = false;
    while (!failedByTest && attempts < ATTEMPTS) {
      attempts++;
      const run = spawnSync("npx", ["vitest", "run", "-c", "vitest.guards.config.ts", test.file, "-t", test.name], {
        cwd: root,
        env: { ...process.env, MITHAI_MUTATION: mutation.name, NO_COLOR: "1" },
        encoding: "utf8",
      });
      // Without colours (a reporter may colour anyway: the escapes are dropped).
      output = `${run.stdout}${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, "");
      // Failed, and by an assertion in the named test (not a set-up error, a missing file or no test matched).
      failedByTest = run.status !== 0 && /Tests\s+\d+ failed/.test(output) && !/No test files found|no tests/i.test(output);
    }
    if (!failedByTest) unproven++;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const result = failedByTest ? `fails without it, as it must${attempts > 1 ? ` (run ${attempts} of ${ATTEMPTS})` : ""}` : `**still passes in ${ATTEMPTS} runs: the guard is not proven**`;
    rows.push(`| ${mutation.name} | ${test.file.replace(/.*\//, "")}: ${test.name} | ${result} | ${seconds} s |`);
    if (!failedByTest) console.error(output.slice(-3000));
  }
}
console.log("| guard removed | race test | result | time |\n|---|---|---|---:|");
console.log(rows.join("\n"));
process.exit(unproven ? 1 : 0);
