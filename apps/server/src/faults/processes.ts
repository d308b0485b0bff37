import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

/** A port nobody listens on right now (the kernel's pick), for a child that cannot report its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; past the deadline fails naming `what` (plus `explain()`, e.g. the server's log). */
export async function until(what: string, check: () => boolean | Promise<boolean>, options: { timeoutMs?: number; explain?: () => string } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${options.explain ? `\n${options.explain()}` : ""}`);
    await sleep(50);
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** True while the process has neither exited nor been killed. */
  alive(): boolean;
  /** Everything the server wrote (JSON log lines), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing in memory survives. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<number | null>;
}

/**
 * Runs the real server entry point (src/server.ts through tsx, as `npm run dev` does) on a free port (or `env.PORT`) and
 * waits until `/readyz` answers 200. Its logs go to `logFile`, so a busy server never blocks on a full pipe.
 */
export async function startServer(env: Record<string, string>, logFile: string, timeoutMs = 60_000): Promise<ServerProcess> {
  // A given PORT (a balancer in front expects it there), else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
      // METRICS_PORT 0: several test servers on one machine never fight over the default metrics port.
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", METRICS_PORT: "0", ...env },
      stdio: ["ignore", log, log],
    });
  } finally {
    closeSync(log);
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => readFileSync(logFile, "utf8");

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output()}`);
    }
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await sleep(100);
  }

  return {
    url,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
