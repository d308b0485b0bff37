import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isBundleCurrent } from "./processes";

const at = (file: string, seconds: number) => utimesSync(file, new Date(seconds * 1000), new Date(seconds * 1000));

/**
 * A built server folder: dist/backup.js holding src/cli/backup.ts and a workspace package's file outside the folder, as
 * esbuild's metafile names them (relative to the folder); the bundle built at 2,000 s, its sources changed at 1,000 s.
 */
function builtFolder() {
  const root = mkdtempSync(path.join(tmpdir(), "mithai-bundle-"));
  const dir = path.join(root, "server");
  const bundle = path.join(dir, "dist", "backup.js");
  const source = path.join(dir, "src", "cli", "backup.ts");
  const shared = path.join(root, "db", "client.ts");
  for (const file of [bundle, source, shared]) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "");
  }
  const meta = { outputs: { "dist/backup.js": { inputs: { "src/cli/backup.ts": {}, [path.relative(dir, shared)]: {} } } } };
  writeFileSync(path.join(dir, "dist", "meta.json"), JSON.stringify(meta));
  at(bundle, 2_000);
  at(source, 1_000);
  at(shared, 1_000);
  return { root, dir, bundle, source, shared };
}

/** The tests start the shop's programs from their bundles only while the bundles hold the sources as they are. */
describe("isBundleCurrent", () => {
  const roots: string[] = [];
  const folder = () => {
    const built = builtFolder();
    roots.push(built.root);
    return built;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it("is current while every source in the bundle is older than it", () => {
    const { dir, bundle } = folder();
    expect(isBundleCurrent(dir, bundle)).toBe(true);
  });

  it("is not current once a source in it, its own or a workspace package's, changed after it was built", () => {
    const own = folder();
    at(own.source, 3_000);
    expect(isBundleCurrent(own.dir, own.bundle)).toBe(false);
    const shared = folder();
    at(shared.shared, 3_000);
    expect(isBundleCurrent(shared.dir, shared.bundle)).toBe(false);
  });

  it("is not current when a source it holds is gone, or for a bundle the metafile does not name", () => {
    const gone = folder();
    rmSync(gone.source);
    expect(isBundleCurrent(gone.dir, gone.bundle)).toBe(false);
    const other = folder();
    const restore = path.join(other.dir, "dist", "restore.js");
    writeFileSync(restore, "");
    expect(isBundleCurrent(other.dir, restore)).toBe(false);
  });
});
