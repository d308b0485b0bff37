import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMithaiClient } from "@mithai/client";
import { createTestApp, type TestApp } from "../../server/src/testing";

const exec = promisify(execFile);
const CLI_DIR = fileURLToPath(new URL("..", import.meta.url));

/**
 * mithai-admin as published: packed (the pack builds it, once), installed from its tarball into a project outside the
 * repository with nothing else, and run from there against a running shop.
 */
describe("@mithai/admin-cli as a published package", () => {
  let t: TestApp;
  let url: string;
  let project: string;
  const admin = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(path.join(project, "node_modules/.bin/mithai-admin"), args, { cwd: project, env: { PATH: process.env.PATH, MITHAI_CONFIG_DIR: path.join(project, "config") } }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), "mithai-admin-install-"));
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await createMithaiClient({ url }).auth.register.mutate({ name: "Kitchen", email: "kitchen@example.in", password: "correct horse", role: "admin" });
  });
  afterAll(async () => {
    await t.close();
    rmSync(project, { recursive: true, force: true });
  });

  it("packs the bin and one bundled file, with no dependencies, and installs from the tarball alone", async () => {
    const packing = await exec("npm", ["pack", "--json", "--pack-destination", project], { cwd: CLI_DIR });
    const [packed] = JSON.parse(packing.stdout.slice(packing.stdout.search(/\[\s*\{/))) as { filename: string; files: { path: string }[] }[];
    expect(packed!.files.map((file) => file.path).sort()).toEqual(["bin/mithai-admin.js", "dist/cli.js", "package.json"]);
    expect(`${packing.stdout}${packing.stderr}`).not.toMatch(/deprecated/i);
    const manifest = JSON.parse(readFileSync(path.join(CLI_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "@mithai/admin-cli", bin: { "mithai-admin": "bin/mithai-admin.js" } });
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies).toBeUndefined();

    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "kitchen-laptop", private: true }));
    // --offline: nothing is fetched from any registry.
    await exec("npm", ["install", "--no-audit", "--no-fund", "--offline", path.join(project, packed!.filename)], { cwd: project });
    expect(readdirSync(path.join(project, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["@mithai"]);
    expect(existsSync(path.join(project, "node_modules/.bin/mithai-admin"))).toBe(true);
  }, 240_000);

  it("runs from the install: help, sign-in, who am I, today's sales, logout", async () => {
    const help = await admin("--help");
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining("Usage: mithai-admin") });
    expect(await admin("login", "--url", url, "--email", "kitchen@example.in", "--password", "correct horse")).toMatchObject({ code: 0 });
    expect(JSON.parse((await admin("whoami", "--json")).stdout)).toMatchObject({ email: "kitchen@example.in", role: "admin", url });
    expect(JSON.parse((await admin("sales", "today", "--json")).stdout)).toMatchObject({ orders: 0, revenue: 0 });
    expect(JSON.parse((await admin("logout", "--json")).stdout)).toMatchObject({ signedOut: true, revoked: true });
    expect((await admin("whoami")).code).toBe(3);
  }, 120_000);
});
