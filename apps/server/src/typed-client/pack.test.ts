import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";

const run = promisify(execFile);
const CLIENT_DIR = fileURLToPath(new URL("../../../../packages/client/", import.meta.url));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../node_modules/${name}/package.json`, import.meta.url)), "utf8")) as { version: string }).version;

/** A tool written outside this repository, as its README shows: catalogue, admin sign-in, today's sales. */
const TOOL = `import { createMithaiClient, signInAdmin, toMithaiError, type RouterOutputs } from "@mithai/client";

const url = process.argv[2]!;
const items: RouterOutputs["catalog"]["list"] = await createMithaiClient({ url }).catalog.list.query();
const { client } = await signInAdmin({ url, email: "kitchen@example.in", password: "correct horse" });
const sales = await client.admin.todaySales.query();
const refused = await client.admin.orders.query({ limit: 500 }).catch((error: unknown) => toMithaiError(error));
console.log(JSON.stringify({ items: items.length, first: items[0]?.name, sales, refusedStatus: "status" in refused ? refused.status : null }));
`;

/** The same tool with the name a tool author once guessed (SPEC's "health benefits"): the types must refuse it. */
const WRONG_FIELD = `import { foodItemForm } from "@mithai/client";
foodItemForm({ name: "Barfi", category: "Festive Sweets", price: 500, description: "d", ingredients: "i", healthBenefits: "b", faq: [] });
`;

/**
 * A Node tool's usual settings (`tsc --init` writes skipLibCheck: the bundled declarations carry the server's context
 * type, database and zod internals included, which are not themselves checked here).
 */
const TSCONFIG = {
  compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, outDir: "out", lib: ["ES2023", "DOM"], types: ["node"] },
  include: ["tool.ts"],
};

/**
 * The proof that outside tools can import the typed client: the package is packed as it would be published,
 * installed into a fresh project outside the workspace, type-checked there (a wrong field name fails), and run
 * against a running shop.
 */
describe("@mithai/client as a published package", () => {
  let t: TestApp;
  let url: string;
  let project: string;

  beforeAll(async () => {
    if (!existsSync(path.join(CLIENT_DIR, "dist/index.d.ts"))) throw new Error("packages/client/dist is missing: run npm run build first");
    project = mkdtempSync(path.join(tmpdir(), "mithai-client-tool-"));
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(project, { recursive: true, force: true });
  });

  it("packs dist only, with @trpc/client its one run-time dependency", async () => {
    const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], { cwd: CLIENT_DIR });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    expect(packed!.files.map((file) => file.path).sort()).toEqual(["dist/index.d.ts", "dist/index.js", "package.json"]);
    const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies as object)).toEqual(["@trpc/client"]);
    const types = readFileSync(path.join(CLIENT_DIR, "dist/index.d.ts"), "utf8");
    // Self-contained: every import is of a published package the install brings, or a Node built-in (the router's
    // context names the picture store's `Readable` from node:stream; a Node tool has @types/node, as below).
    const imports = [...types.matchAll(/from "([^"]+)"/g)].map((match) => match[1]).filter((name) => !name?.startsWith("node:"));
    expect(new Set(imports)).toEqual(new Set(["@trpc/client", "@trpc/server"]));
    expect(types).toMatch(/^\/\/\/ <reference types="node" \/>/);

    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "outside-tool", private: true, type: "module" }));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(project, packed!.filename), `typescript@${versionOf("typescript")}`, `@types/node@${versionOf("@types/node")}`], { cwd: project });
    expect(existsSync(path.join(project, "node_modules/@mithai/api"))).toBe(false);
    expect(existsSync(path.join(project, "node_modules/sharp"))).toBe(false);
  }, 240_000);

  it("type-checks a tool that uses it, and refuses a wrong field name", async () => {
    writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(TSCONFIG));
    writeFileSync(path.join(project, "tool.ts"), TOOL);
    await run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "."], { cwd: project });

    writeFileSync(path.join(project, "wrong.ts"), WRONG_FIELD);
    writeFileSync(path.join(project, "tsconfig.wrong.json"), JSON.stringify({ ...TSCONFIG, include: ["wrong.ts"] }));
    const failed = await run(process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.wrong.json"], { cwd: project }).then(
      () => null,
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toContain("healthBenefits");
  }, 120_000);

  it("runs the tool against a running shop: the catalogue, an admin sign-in, today's sales, a typed refusal", async () => {
    await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Kitchen", email: "kitchen@example.in", password: "correct horse", role: "admin" } });
    const { stdout } = await run(process.execPath, ["out/tool.js", url], { cwd: project });
    const answer = JSON.parse(stdout) as { items: number; first: string; sales: { date: string; orders: number; revenue: number }; refusedStatus: number };
    expect(answer.items).toBeGreaterThanOrEqual(12);
    expect(answer.sales).toMatchObject({ orders: 0, revenue: 0, date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(answer.refusedStatus).toBe(400);
  }, 60_000);
});
