import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { programArgs } from "./faults/processes";
import { temporaryFolders } from "./folders-testing";

/** Starts the real server (`programArgs`), waits for its "listening" log line and returns its URL. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, programArgs("server"), {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, url, exited, output: () => output };
}

describe("server process", { timeout: 180_000 }, () => {
  const newDataDir = temporaryFolders("mithai-proc-");

  it("migrates, seeds the demo catalogue on an embedded database, serves, and shuts down cleanly on SIGTERM", async () => {
    const dataDir = newDataDir();
    const server = startServer({ DATA_DIR: dataDir });
    const url = await server.url;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const list = (await (await fetch(`${url}/api/food/list`)).json()) as { data: unknown[] };
    expect(list.data.length).toBeGreaterThanOrEqual(12);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    // Structured logs: every stdout line is JSON.
    for (const line of server.output().split("\n").filter((l) => l.startsWith("{"))) expect(() => JSON.parse(line)).not.toThrow();

    // A second start on the same data keeps the catalogue and does not seed twice.
    const again = startServer({ DATA_DIR: dataDir });
    const againUrl = await again.url;
    const relist = (await (await fetch(`${againUrl}/api/food/list`)).json()) as { data: unknown[] };
    expect(relist.data.length).toBe(list.data.length);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("refuses to start with a bad variable, naming it in one line", async () => {
    const server = startServer({ DATA_DIR: newDataDir(), PORT: "not-a-port" });
    await expect(server.url).rejects.toThrow(/Invalid environment variable PORT/);
    expect(await server.exited).toBe(1);
  });
});
