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

/**
 * A tool written outside this repository, as docs/internal-tools.md shows: catalogue, admin sign-in, today's sales.
 * Browser-safe on purpose (no `process`): it compiles without @types/node, and the test writes the shop's URL in.
 */
const tool = (url: string) => `import { createMithaiClient, signInAdmin, toMithaiError, type RouterOutputs } from "@mithai/client";

const url = ${JSON.stringify(url)};
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
 * The strictest settings a tool may choose, as docs/internal-tools.md gives them: the declarations themselves are
 * checked (skipLibCheck off) and no Node types are loaded (`types: []`; none are installed either). tRPC's types name
 * `Disposable`, hence that library.
 */
const TSCONFIG = {
  compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: false, outDir: "out", lib: ["ES2023", "ESNext.Disposable", "DOM"], types: [] },
  include: ["tool.ts"],
};

const tsc = (cwd: string, ...args: string[]) => run(process.execPath, ["node_modules/typescript/bin/tsc", ...args], { cwd });

/**
 * The proof that outside tools can import the typed client: the package is packed as it would be published,
 * installed into a fresh project outside the workspace, type-checked there (a wrong field name fails), and run
 * against a running shop.
 */
describe("@mithai/client as a published package", () => {
  let t: TestApp;
  let url: string;
  let project: string;
  /** A second tool project, with only the client installed: npm brings TypeScript as @trpc/client's peer (its latest). */
  let latest: string;
  let tarball: string;

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), "mithai-client-tool-"));
    latest = mkdtempSync(path.join(tmpdir(), "mithai-client-latest-ts-"));
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(project, { recursive: true, force: true });
    rmSync(latest, { recursive: true, force: true });
  });

  it("packs dist only, built once by the pack itself, with @trpc/client its one run-time dependency", async () => {
    const packing = await run("npm", ["pack", "--json", "--pack-destination", project], { cwd: CLIENT_DIR, maxBuffer: 64 * 1024 * 1024 });
    // prepack builds the JavaScript and the declarations, once.
    const builds = `${packing.stdout}${packing.stderr}`.match(/dist\/index\.d\.ts: [\d.]+ KB in ([\d.]+) s/g) ?? [];
    expect(builds).toHaveLength(1);
    expect(`${packing.stdout}${packing.stderr}`).not.toMatch(/deprecated/i);
    const [packed] = JSON.parse(packing.stdout.slice(packing.stdout.search(/\[\s*\{/))) as { filename: string; files: { path: string }[] }[];
    expect(packed!.files.map((file) => file.path).sort()).toEqual(["dist/index.d.ts", "dist/index.js", "package.json"]);
    tarball = path.join(project, packed!.filename);
    const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies as object)).toEqual(["@trpc/client"]);

    // Small and self-contained: only @trpc/server's core types are imported (not its HTTP adapters); no database,
    // driver, zod or Node type.
    const types = readFileSync(path.join(CLIENT_DIR, "dist/index.d.ts"), "utf8");
    expect(Buffer.byteLength(types)).toBeLessThanOrEqual(120 * 1024);
    const imports = [...types.matchAll(/from "([^"]+)"|import\("([^"]+)"\)/g)].map((match) => match[1] ?? match[2]);
    expect(new Set(imports)).toEqual(new Set(["@trpc/server/unstable-core-do-not-import", "@trpc/server/observable"]));
    expect(types).not.toMatch(/drizzle|\bPg[A-Z]\w*<|\bZod[A-Z]\w*|\$Zod|node:|reference types|\bReadable\b|\bBuffer\b|NodeJS\./);

    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "outside-tool", private: true, type: "module" }));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `typescript@${versionOf("typescript")}`], { cwd: project });
    expect(existsSync(path.join(project, "node_modules/@mithai/api"))).toBe(false);
    expect(existsSync(path.join(project, "node_modules/sharp"))).toBe(false);
    expect(existsSync(path.join(project, "node_modules/@types/node"))).toBe(false);
  }, 300_000);

  it(`type-checks a tool that uses it (strict, skipLibCheck off, no Node types) on TypeScript ${versionOf("typescript")}, and refuses a wrong field name`, async () => {
    // One compilation of both files (a second tsc costs seconds): the wrong one fails, the tool compiles and is emitted.
    writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, include: ["tool.ts", "wrong.ts"] }));
    writeFileSync(path.join(project, "tool.ts"), tool(url));
    writeFileSync(path.join(project, "wrong.ts"), WRONG_FIELD);
    const failed = await tsc(project, "-p", ".").then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    const errors = failed.split("\n").filter((line) => /error TS\d+/.test(line));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((line) => line.startsWith("wrong.ts("))).toBe(true);
    expect(failed).toContain("healthBenefits");
    expect(existsSync(path.join(project, "out/tool.js"))).toBe(true);
  }, 120_000);

  it("type-checks the same tool on the TypeScript npm installs as the peer today", async () => {
    writeFileSync(path.join(latest, "package.json"), JSON.stringify({ name: "outside-tool-latest", private: true, type: "module" }));
    await run("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: latest });
    const installed = (JSON.parse(readFileSync(path.join(latest, "node_modules/typescript/package.json"), "utf8")) as { version: string }).version;
    const { stdout: newest } = await run("npm", ["view", "typescript", "version"], { cwd: latest });
    expect(installed).toBe(newest.trim());
    writeFileSync(path.join(latest, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, noEmit: true, outDir: undefined } }));
    writeFileSync(path.join(latest, "tool.ts"), tool(url));
    const checked = await tsc(latest, "-p", ".").then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked, `TypeScript ${installed}`).toBe("");
  }, 300_000);

  it("runs the tool against a running shop: the catalogue, an admin sign-in, today's sales, a typed refusal", async () => {
    await t.app.inject({ method: "POST", url: "/trpc/auth.register", payload: { name: "Kitchen", email: "kitchen@example.in", password: "correct horse", role: "admin" } });
    const { stdout } = await run(process.execPath, ["out/tool.js"], { cwd: project });
    const answer = JSON.parse(stdout) as { items: number; first: string; sales: { date: string; orders: number; revenue: number }; refusedStatus: number };
    expect(answer.items).toBeGreaterThanOrEqual(12);
    expect(answer.sales).toMatchObject({ orders: 0, revenue: 0, date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(answer.refusedStatus).toBe(400);
  }, 60_000);
});
