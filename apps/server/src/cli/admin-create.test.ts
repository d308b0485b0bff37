import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { users } from "@mithai/db/schema";
import { programArgs } from "../faults/processes";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const adminCreate = (...args: string[]) =>
  run(process.execPath, [...programArgs("admin-create"), ...args], {
    // The CLI works on the embedded database in DATA_DIR here, whichever database the other tests use.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: "cli-test-secret-that-is-long-enough-to-sign" },
  });

describe("npm run admin:create", () => {
  // Starting the embedded database in a child process is slow on a busy machine.
  it("creates an admin from flags in the configured database", { timeout: 180_000 }, async () => {
    const { stdout } = await adminCreate("--name", "Devi", "--email", " Devi@Example.in ", "--password", "barfi-and-more");
    expect(stdout).toContain("Admin devi@example.in created");

    const database = createDb({ pgliteDir: path.join(dataDir, "pglite") });
    const rows = await database.db.select({ role: users.role, name: users.name }).from(users).where(eq(users.email, "devi@example.in"));
    await database.close();
    expect(rows).toEqual([{ role: "admin", name: "Devi" }]);
  });

  it("refuses bad input before touching the database", async () => {
    await expect(adminCreate("--name", "Devi", "--email", "other@example.in", "--password", "short")).rejects.toMatchObject({
      stderr: expect.stringContaining("at least 8 characters"),
    });
  });
});
