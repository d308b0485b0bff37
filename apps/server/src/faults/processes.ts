import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyMigratedPglite } from "@mithai/db/testing";

/** The shop's programs: the server and the commands `npm run` offers (apps/server/build.mjs bundles each). */
export type ShopProgram = "server" | "admin-create" | "backup" | "restore" | "images-to-s3";

const serverDir = fileURLToPath(new URL("../../", import.meta.url));

/**
 * V8 flags for the programs a test starts: a start on the embedded database compiles its 8 MB WebAssembly module, all
 * of it by default, and then recompiles the hot functions with the optimising compiler on background threads, which
 * pays back only in a process that runs for long. Compiling only the functions that run, with the baseline compiler,
 * took a server's start on an embedded database from about 4.1 to 2.3 CPU-seconds here (ready in 1.9 s against
 * 2.7–2.9 s), and the eight test files that start programs from about 210 to 175 CPU-seconds (docs/figures.md). What
 * the program does is the same; `npm start` keeps V8's defaults, right for a shop that runs for days.
 */
export const SHORT_LIVED_NODE_FLAGS = ["--liftoff-only", "--wasm-lazy-compilation"];

/**
 * Whether `bundle` (in `dir`/dist) was built after the last change to every source in it: esbuild's metafile, which
 * build.mjs writes to dist/meta.json, names them (paths relative to `dir`).
 */
export function isBundleCurrent(dir: string, bundle: string): boolean {
  try {
    const built = statSync(bundle).mtimeMs;
    const meta = JSON.parse(readFileSync(path.join(dir, "dist", "meta.json"), "utf8")) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const inputs = Object.keys(meta.outputs[path.relative(dir, bundle)]?.inputs ?? {});
    return inputs.length > 0 && inputs.every((input) => statSync(path.resolve(dir, input)).mtimeMs < built);
  } catch {
    // Not built, or a source gone since.
    return false;
  }
}

/**
 * The node arguments that run one of the shop's programs as the tests start it: its bundle in apps/server/dist when
 * none of the sources in it changed after it was built (`npm test` builds first; about 2 s less a start than loading
 * every source file through tsx), else the source through tsx, as `npm run dev` and the commands do; with V8's flags
 * for a short-lived process (SHORT_LIVED_NODE_FLAGS).
 */
export function programArgs(program: ShopProgram): string[] {
  const bundle = path.join(serverDir, "dist", `${program}.js`);
  if (isBundleCurrent(serverDir, bundle)) return [...SHORT_LIVED_NODE_FLAGS, bundle];
  return [...SHORT_LIVED_NODE_FLAGS, "--import", "tsx", path.join(serverDir, "src", program === "server" ? "server.ts" : `cli/${program}.ts`)];
}

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
 * Runs the real server (`programArgs("server")`) on a free port (or `env.PORT`) and waits until `/readyz` answers 200.
 * Its logs go to `logFile`, so a busy server never blocks on a full pipe. A server on a new embedded database starts
 * from a copy of the run's migrated one (`copyMigratedPglite`).
 */
export async function startServer(env: Record<string, string>, logFile: string, timeoutMs = 60_000): Promise<ServerProcess> {
  if (env.DATA_DIR && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) await copyMigratedPglite(path.join(env.DATA_DIR, "pglite"));
  // A given PORT (a balancer in front expects it there), else a free one; another process can take a free port
  // between the probe and the server's listen (EADDRINUSE): then another one, a few times.
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const logged = existsSync(logFile) ? statSync(logFile).size : 0;
    const started = await launchServer(env, port, logFile, timeoutMs);
    if (started.ok) return started.server;
    const lost = !env.PORT && attempt < 3 && readFileSync(logFile).subarray(logged).toString("utf8").includes("EADDRINUSE");
    if (!lost) throw new Error(started.why);
  }
}

/** One start of the server on `port`: ready, or why not (it exited, or was not ready in time and was killed). */
async function launchServer(env: Record<string, string>, port: number, logFile: string, timeoutMs: number): Promise<{ ok: true; server: ServerProcess } | { ok: false; why: string }> {
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, programArgs("server"), {
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
    if (child.exitCode !== null || child.signalCode !== null) return { ok: false, why: `the server exited during start-up:\n${output()}` };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      return { ok: false, why: `the server was not ready within ${timeoutMs} ms:\n${output()}` };
    }
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await sleep(100);
  }

  const server: ServerProcess = {
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
  return { ok: true, server };
}
