import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programArgs } from "../faults/processes";
import { startTestS3, type TestS3 } from "../s3-testing";

const run = promisify(execFile);

describe("npm run images:to-s3", () => {
  let s3: TestS3;
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-cli-"));
  const imagesDir = path.join(dataDir, "images");
  const migrate = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, [...programArgs("images-to-s3"), ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: "cli-test-secret-that-is-long-enough-to-sign", ...env } });

  beforeAll(async () => {
    s3 = await startTestS3();
    mkdirSync(imagesDir);
    for (const name of ["a1.webp", "a1-320w.webp", "a1-640w.webp", "a1-960w.webp", "legacy-1699.png"]) writeFileSync(path.join(imagesDir, name), `bytes of ${name}`);
    // Not pictures the shop could serve: skipped.
    writeFileSync(path.join(imagesDir, ".DS_Store"), "x");
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses without S3_BUCKET, saying what to set", async () => {
    await expect(migrate({})).rejects.toMatchObject({ stderr: expect.stringContaining("S3_BUCKET is not set") });
  });

  it("copies every picture file from DATA_DIR/images into the bucket; a second run finds them there", { timeout: 120_000 }, async () => {
    const dry = await migrate(s3.env, "--dry-run");
    expect(dry.stdout).toContain("5 picture files");
    expect(dry.stdout).toContain("5 would be copied");
    expect(await s3.keys()).toEqual([]);

    const first = await migrate(s3.env);
    expect(first.stdout).toContain("5 copied to bucket mithai-pictures, 0 already there");
    expect(await s3.keys()).toEqual(["a1-320w.webp", "a1-640w.webp", "a1-960w.webp", "a1.webp", "legacy-1699.png"]);

    const again = await migrate(s3.env);
    expect(again.stdout).toContain("0 copied to bucket mithai-pictures, 5 already there");
  });

  it("fails with a message, not a stack, when the store does not answer", { timeout: 120_000 }, async () => {
    await s3.stop();
    try {
      const failed = await migrate(s3.env).catch((error: { stderr: string; code: number }) => error);
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("picture store is not answering") });
      expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
    } finally {
      await s3.start();
    }
  });
});
