import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/** Another live process has the embedded database open; opening it too would corrupt it. */
export class EmbeddedDatabaseInUseError extends Error {
  override readonly name = "EmbeddedDatabaseInUseError";
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The embedded database ${dir} is in use by another process (pid ${pid}).`);
  }
}

/** Lock files this process holds (a lock with this process's pid that is not here was left by an earlier process given the same pid, as in a restarted container). */
const heldHere = new Set<string>();

export interface EmbeddedDatabaseLock {
  /** Gives the database up (only if the lock file is still ours). */
  release(): void;
}

/**
 * PGlite is one PostgreSQL instance inside this process: two processes on one folder write the same files with no
 * coordination, and the folder ends up unreadable. So the process that opens it holds `<dir>.lock`, a file with its
 * pid, made atomically (a hard link fails when the name exists). A lock whose process is gone (killed, crashed) is
 * stale and taken over; one whose process lives is refused with EmbeddedDatabaseInUseError.
 */
export function lockEmbeddedDatabase(dir: string): EmbeddedDatabaseLock {
  const lockFile = `${dir}.lock`;
  const mine = `${lockFile}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      const holder = lockHolder(lockFile);
      if (holder !== null && (heldHere.has(lockFile) || (holder !== process.pid && isAlive(holder)))) throw new EmbeddedDatabaseInUseError(dir, holder);
      // Stale: moved aside under a unique name first, so two processes taking it over cannot remove each other's.
      try {
        renameSync(lockFile, `${lockFile}.stale.${process.pid}`);
        rmSync(`${lockFile}.stale.${process.pid}`, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  heldHere.add(lockFile);
  const release = () => {
    if (!heldHere.delete(lockFile)) return;
    if (lockHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
    process.off("exit", release);
  };
  // process.exit() skips close(): the lock still goes (a SIGKILL leaves it behind, and the next opener takes it over).
  process.on("exit", release);
  return { release };
}

function lockHolder(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
