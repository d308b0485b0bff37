import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { freePort } from "./faults/processes";
import { loggerOptions, startMessage } from "./logging";

const serverEntry = fileURLToPath(new URL("./server.ts", import.meta.url));

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
    const lines = startMessage(env({ PORT: "3000" }), "embedded PGlite");
    expect(lines).toEqual([
      "Mithai is open at http://localhost:3000 (database: embedded PGlite, payments: sandbox)",
      "Payments are test payments (the sandbox): no money is taken.",
      "Admin panel: http://localhost:3000/admin — the first admin signs up at http://localhost:3000/admin-register while no admin exists.",
      `Mail: no SMTP_URL, so every mail is written to ${path.join("/nonexistent/data", "outbox")} (and a reset mail's link is logged).`,
    ]);
    expect(startMessage(env({ SMTP_URL: "smtp://mail.example.in:25" }), "PostgreSQL").join("\n")).not.toContain("Mail:");
  });

  it("prints readable lines in a real terminal and JSON lines into a pipe", { timeout: 60_000 }, async () => {
    const run = async (terminal: boolean): Promise<string> => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-logs-"));
      const port = await freePort();
      const childEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "", LOG_LEVEL: "info", SEED_DEMO: "false" };
      const args = ["--import", "tsx", serverEntry];
      // `script` gives the server a pseudo-terminal, as a person's shell would.
      const child = terminal
        ? spawn("script", ["-qfec", [process.execPath, ...args].join(" "), "/dev/null"], { env: childEnv })
        : spawn(process.execPath, args, { env: childEnv });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      try {
        const deadline = Date.now() + 45_000;
        while (!output.includes("signs up at")) {
          if (Date.now() > deadline) throw new Error(`no start message:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return output;
      } finally {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
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
});
