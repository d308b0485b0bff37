import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  /** The server process's own CPU time per request (Linux), measured over the same run: what the answer costs the shop. */
  serverCpuMicrosPerRequest: number | null;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** What a browser sends: every answer may come compressed, as it would to the storefront's visitors. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "application/json" };

/** User + system CPU time of a process in ms, from /proc (null elsewhere); the kernel counts in 1/100 s ticks. */
export function processCpuMs(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** autocannon at a fixed concurrency for a fixed time; latency percentiles in milliseconds. */
export async function measure(name: string, url: string, options: { connections?: number; seconds?: number; /** The server (or servers) whose CPU time to count. */ serverPid?: number | number[] } = {}): Promise<LoadResult> {
  const pids = options.serverPid === undefined ? [] : [options.serverPid].flat();
  const cpuOf = () => (pids.length === 0 ? null : pids.map(processCpuMs).reduce<number | null>((sum, ms) => (sum === null || ms === null ? null : sum + ms), 0));
  const cpuBefore = cpuOf();
  const result = await autocannon({ url, connections: options.connections ?? 50, duration: options.seconds ?? 8, headers: BROWSER_HEADERS });
  const cpuAfter = cpuOf();
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    serverCpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 10_000) / result.requests.total) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * With two cores or more and `taskset` (Linux): the command to start a server under test on the last core, after
 * moving this process (the load generator) to the others. Left to the kernel, the two shared the cores differently from
 * one start to the next, and the same build's CPU per request came out at 22 µs in one round and 34 µs in the next.
 * Elsewhere the command as given.
 */
export function onItsOwnCore(command: string, args: string[]): [string, string[]] {
  const core = serverCore();
  return core === null ? [command, args] : ["taskset", ["-c", String(core), command, ...args]];
}

let pinned: number | null | undefined;
/** The core left to servers, once this process has moved off it; null where that cannot be done. */
function serverCore(): number | null {
  if (pinned === undefined) {
    const cores = availableParallelism();
    try {
      if (cores < 2) throw new Error("one core");
      execFileSync("taskset", ["-a", "-p", "-c", `0-${cores - 2}`, String(process.pid)], { stdio: "ignore" });
      pinned = cores - 1;
    } catch {
      pinned = null;
    }
  }
  return pinned;
}

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

// Started processes sit in their own process groups, so Ctrl-C on the bench does not reach them: stop them here.
process.once("exit", () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // the group is already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

/** Starts a process and resolves once `ready(url)` answers 200. */
export async function startProcess(command: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs = 60_000): Promise<Started> {
  // Its own process group, so stopping `npm start` also stops the server npm started.
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${readyUrl} did not answer within ${timeoutMs} ms`);
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
      }),
  };
}

/**
 * BENCH_BEFORE: the root of another checkout of the shop, built (`git worktree add ../before <commit>`, `npm ci`,
 * `npx turbo run build --filter=@mithai/server --filter=@mithai/web`), to measure against this one side by side. Rounds
 * alternate (before, after, before, after) so a machine that slows down or speeds up weighs on both alike.
 */
export const benchBefore = (): string | undefined => process.env.BENCH_BEFORE || undefined;
export const benchRounds = (): number => Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** "243, 228" (each round), and the change of the means as "-12.3 %". */
export const eachRound = (values: (number | null)[]): string => values.map((value) => value ?? "n/a").join(", ");
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** In percent, how `center` (a mean or a median) of the rounds after differs from before's; null without figures. */
function percentChange(center: (values: number[]) => number, before: (number | null)[], after: (number | null)[]): number | null {
  const a = before.filter((value): value is number => value !== null);
  const b = after.filter((value): value is number => value !== null);
  return a.length === 0 || b.length === 0 ? null : ((center(b) - center(a)) / center(a)) * 100;
}
/** "-12.3 %", or "n/a" without figures. */
function changeOf(center: (values: number[]) => number, before: (number | null)[], after: (number | null)[]): string {
  const change = percentChange(center, before, after);
  return change === null ? "n/a" : `${change >= 0 ? "+" : ""}${change.toFixed(1)} %`;
}
/** The change of the medians in percent (Infinity without figures): what a target is checked against. */
export const medianChange = (before: (number | null)[], after: (number | null)[]): number => percentChange(median, before, after) ?? Number.POSITIVE_INFINITY;
/** The change of the medians: one round in which the machine itself slowed down weighs less than in a mean. */
export const changeOfMedians = (before: (number | null)[], after: (number | null)[]): string => changeOf(median, before, after);
export const changeOfMeans = (before: (number | null)[], after: (number | null)[]): string => changeOf(mean, before, after);
