import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "..");
/** Modules only tests use: contexts, fixtures, database templates, the tests themselves. */
const TEST_ONLY = /(^|\/)(testing|[a-z-]+-testing|test-template|[a-z-]*fixtures|[^/]+\.test)\.ts$/;

/** What ships: the server and command bundles esbuild builds (build.mjs), and which sources each holds. */
describe("the bundles build.mjs builds", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-bundle-inputs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("carry no test helper (the API's index re-exported its test context, and with it the database templates)", async () => {
    const file = path.join(dir, "meta.json");
    await promisify(execFile)(process.execPath, ["build.mjs", "--inputs", file], { cwd: serverDir });
    const meta = JSON.parse(readFileSync(file, "utf8")) as { outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown> }> };
    const bundles = Object.entries(meta.outputs).filter(([, output]) => output.entryPoint);
    expect(bundles.map(([name]) => name).sort()).toEqual(["dist/admin-create.js", "dist/backup.js", "dist/images-to-s3.js", "dist/restore.js", "dist/server.js"]);
    for (const [name, output] of bundles) {
      const inputs = Object.keys(output.inputs);
      expect(inputs.length, name).toBeGreaterThan(10);
      expect(inputs.filter((input) => TEST_ONLY.test(input)), name).toEqual([]);
    }
  });
});
