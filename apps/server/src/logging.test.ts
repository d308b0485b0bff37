import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { copyMigratedPglite } from "@mithai/db/testing";
import { freePort, programArgs } from "./faults/processes";
import { isStaticFile } from "./app";
import { loggerOptions, SHOP_ADDRESS_FILE, startMessage } from "./logging";
import { captureLogs, createTestApp } from "./testing";


describe("logs a person can read (issue 16)", () => {
  const env = (vars: Record<string, string> = {}) => loadEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent/data", JWT_SECRET: "x".repeat(40), ...vars });

  it("is readable in a terminal and JSON otherwise, unless LOG_FORMAT says", () => {
    expect(loggerOptions(env(), true)).toMatchObject({ transport: { target: "pino-pretty" } });
    expect(loggerOptions(env(), false)).toEqual({ level: "info" });
    expect(loggerOptions(env({ LOG_FORMAT: "json" }), true)).toEqual({ level: "info" });
    expect(loggerOptions(env({ LOG_FORMAT: "pretty", LOG_LEVEL: "warn" }), false)).toMatchObject({ level: "warn", transport: { target: "pino-pretty" } });
    expect(() => env({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("says where the shop is, how to make the first admin, where mails go and that payments are tests", () => {
    const lines = startMessage(env({ PORT: "3000" }), "embedded PGlite", { adminExists: false });
    expect(lines).toEqual([
      "Mithai is open at http://localhost:3000 (database: embedded PGlite, payments: sandbox)",
      "Payments are test payments (the sandbox): no money is taken.",
      "No admin yet: the first admin signs up at http://localhost:3000/admin-register (or stop the shop and run npm run admin:create).",
      `Mail: no SMTP_URL, so every mail is written to ${path.join("/nonexistent/data", "outbox")} (and a reset mail's link is logged).`,
    ]);
    expect(startMessage(env({ SMTP_URL: "smtp://mail.example.in:25" }), "PostgreSQL", { adminExists: false }).join("\n")).not.toContain("Mail:");
    // Once an admin exists, the message says where to sign in, not how to make the first one (issue 29).
    const withAdmin = startMessage(env({ PORT: "3470" }), "PostgreSQL", { adminExists: true }).join("\n");
    expect(withAdmin).toContain("Admin panel: http://localhost:3470/admin-login");
    expect(withAdmin).not.toContain("admin-register");
  });

  // Servers this test started; a test cut off by its timeout never reaches its `finally`, so these end here.
  const started = new Set<ChildProcess>();
  const endGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  afterAll(() => {
    for (const child of started) endGroup(child, "SIGKILL");
  });

  it("prints readable lines in a real terminal and JSON lines into a pipe", { timeout: 60_000 }, async () => {
    const run = async (terminal: boolean): Promise<string> => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-logs-"));
      const port = await freePort();
      const childEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "", LOG_LEVEL: "info", SEED_DEMO: "false" };
      // The run's migrated embedded database, copied: this test reads the start's log lines, not the migrations'.
      await copyMigratedPglite(path.join(dataDir, "pglite"));
      const args = programArgs("server");
      // `script` gives the server a pseudo-terminal, as a person's shell would.
      // A process group of its own, so that `script` and the server under it end together, even when the test is cut off.
      const child = terminal
        ? spawn("script", ["-qfec", [process.execPath, ...args].join(" "), "/dev/null"], { env: childEnv, detached: true })
        : spawn(process.execPath, args, { env: childEnv, detached: true });
      started.add(child);
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      try {
        const deadline = Date.now() + 45_000;
        while (!output.includes("No admin yet")) {
          if (Date.now() > deadline) throw new Error(`no start message:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return output;
      } finally {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        endGroup(child, "SIGTERM");
        await exited;
        started.delete(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    const piped = (await run(false)).split("\n").filter((line) => line.includes("is open at"));
    expect(piped).toHaveLength(1);
    expect(JSON.parse(piped[0]!)).toMatchObject({ level: 30, msg: expect.stringContaining("is open at http://") });

    const shown = (await run(true)).split(/\r?\n/).find((line) => line.includes("is open at"));
    expect(shown).toMatch(/INFO.*Mithai is open at http:\/\//);
    expect(shown!.trim().startsWith("{")).toBe(false);
  });

  it("writes one line per request, and static files only at debug level (issue 29: two lines for every asset)", async () => {
    const logs = captureLogs();
    const t = await createTestApp({ logger: logs.logger });
    try {
      writeFileSync(path.join(t.env.imagesDir, "pic.webp"), Buffer.from("RIFF"));
      expect((await t.app.inject({ url: "/api/food/list" })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/images/pic.webp" })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/images/missing.webp" })).statusCode).toBe(404);
      const requestLines = logs.lines.filter((line) => typeof line.method === "string" || /request/.test(String(line.msg)));
      // One line each, with status and time; the picture served (a static file) only at debug level, so not here.
      expect(requestLines.map((line) => String(line.msg).replace(/ \d+ ms$/, " N ms"))).toEqual(["GET /api/food/list 200 N ms", "GET /images/missing.webp 404 N ms"]);
      expect(requestLines.every((line) => line.level === 30 && typeof line.ms === "number")).toBe(true);
    } finally {
      await t.close();
    }
    expect(isStaticFile("GET", "/assets/index-abc.js", 200)).toBe(true);
    expect(isStaticFile("GET", "/images/kaju-480.webp?v=2", 304)).toBe(true);
    expect(isStaticFile("GET", "/favicon.svg", 200)).toBe(true);
    expect(isStaticFile("GET", "/assets/gone.js", 404)).toBe(false);
    expect(isStaticFile("GET", "/trpc/catalog.list", 200)).toBe(false);
    expect(isStaticFile("GET", "/api/order/x/invoice.pdf", 200)).toBe(false);
    expect(isStaticFile("GET", "/product/kaju-katli", 200)).toBe(false);
    expect(isStaticFile("POST", "/assets/x.js", 200)).toBe(false);
  });

  it("admin:create, refused while the shop runs, names the running shop's own address (issue 29: it said :3000)", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-admin-create-"));
    try {
      // A live process (this test) holds the embedded database, as a running shop on PORT 3471 would.
      writeFileSync(path.join(dataDir, "pglite.lock"), `${process.pid}\n`);
      writeFileSync(path.join(dataDir, SHOP_ADDRESS_FILE), JSON.stringify({ pid: process.pid, url: "http://localhost:3471" }));
      const { PORT: _port, PUBLIC_URL: _url, ...rest } = process.env;
      const child = spawn(process.execPath, [...programArgs("admin-create"), "--name", "Asha", "--email", "asha@example.in", "--password", "kaju-katli-2024"], {
        env: { ...rest, DATA_DIR: dataDir, NODE_ENV: "test", JWT_SECRET: "x".repeat(40) },
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`The shop is running on this database (pid ${process.pid}, at http://localhost:3471)`);
      expect(stderr).toContain("http://localhost:3471/admin-register");
      expect(stderr).not.toContain(":3000");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
