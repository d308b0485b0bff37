import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from "./pglite-lock";

const root = mkdtempSync(path.join(tmpdir(), "mithai-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the embedded database's lock", () => {
  it("holds the folder with this process's pid and refuses a second opener until released", () => {
    const dir = path.join(root, "one");
    const lock = lockEmbeddedDatabase(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    expect(() => lockEmbeddedDatabase(dir)).toThrow(EmbeddedDatabaseInUseError);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockEmbeddedDatabase(dir).release();
  });

  it("takes over a lock whose process is gone", () => {
    const dir = path.join(root, "stale");
    writeFileSync(`${dir}.lock`, `${deadPid()}\n`);
    const lock = lockEmbeddedDatabase(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock with its own pid that it does not hold (a restarted container's process gets the same pid)", () => {
    const dir = path.join(root, "same-pid");
    writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    const lock = lockEmbeddedDatabase(dir);
    expect(() => lockEmbeddedDatabase(dir)).toThrow(EmbeddedDatabaseInUseError);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a lock held by a live process, naming it", () => {
    const dir = path.join(root, "alive");
    writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    expect(() => lockEmbeddedDatabase(dir)).toThrow(`in use by another process (pid ${process.ppid})`);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.ppid));
  });

  it("is taken by createDb for an embedded folder and given up by close", { timeout: 60_000 }, async () => {
    const dir = path.join(root, "db");
    const first = createDb({ pgliteDir: dir });
    expect(() => createDb({ pgliteDir: dir })).toThrow(EmbeddedDatabaseInUseError);
    await first.close();
    const second = createDb({ pgliteDir: dir });
    expect(await second.ping()).toBe(true);
    await second.close();
  });
});
