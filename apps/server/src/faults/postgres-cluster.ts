import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./processes";

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of its own (initdb into a temporary folder, trust auth, a free port), for
 * tests that stop and start the database — something they must never do to the server other tests share.
 * Needs PostgreSQL's server binaries (initdb, pg_ctl); it refuses to run as root, so as root the cluster belongs
 * to the `postgres` user.
 */
export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes every file. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Debian keeps the server binaries off PATH (/usr/lib/postgresql/<version>/bin): the newest there, else PATH. */
function pgBinary(name: string): string {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return name;
  const versions = readdirSync(root)
    .filter((entry) => /^\d+$/.test(entry))
    .sort((a, b) => Number(b) - Number(a));
  const dir = versions.map((version) => path.join(root, version, "bin")).find((bin) => existsSync(path.join(bin, name)));
  return dir ? path.join(dir, name) : name;
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
async function pgTool(name: string, args: string[]): Promise<void> {
  const command = pgBinary(name);
  try {
    if (asRoot) await run("runuser", ["-u", "postgres", "--", command, ...args]);
    else await run(command, args);
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed: ${stderr?.trim() || message}`);
  }
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-pg-"));
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, uid, Number(gid.trim()));
  }
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  // fsync off: the data is thrown away, and a clean shutdown (-m fast) checkpoints anyway.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);

  const start = () => pgTool("pg_ctl", ["start", "-D", dataDir, "-l", path.join(dir, "postgres.log"), "-w", "-t", "30", "-o", options]);
  const stop = (mode: "fast" | "immediate") => pgTool("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "30"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => stop("fast"),
    async destroy() {
      await stop("immediate").catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
