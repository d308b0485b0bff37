import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@mithai/db/client";
import { shopDay } from "@mithai/schema";
import { makeBackup, type BackupSources } from "./make-backup";
import { claimDailyBackup, finishDailyBackup } from "./record";

const BACKUP_FILE = /^mithai-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar$/;
/** How often a server looks whether the day's backup is due (the first look is a minute after start). */
const LOOK_EVERY_MS = 60 * 60_000;

export const backupFileName = (at: Date) => `mithai-${at.toISOString().replace(/[-:]/g, "").replace(/^(\d{4})(\d{2})(\d{2})/, "$1-$2-$3").slice(0, 17)}Z.tar`;

/** Removes all but the newest `keep` backups the server wrote to `dir` (other files there are left alone). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  await Promise.all(old.map((name) => rm(path.join(dir, name), { force: true })));
  return old;
}

/**
 * BACKUP_DIR: one backup a day (shop time), made by whichever server claims the day first, then only the newest
 * BACKUP_KEEP kept. A failed one is tried again at the next look; the health panel and the admins' alert mail say
 * when none has succeeded for a day.
 */
export function startDailyBackups(
  opts: { db: Db; sources: BackupSources; dir: string; keep: number; log: FastifyBaseLogger; made: (ok: boolean) => void },
  firstLookMs = 60_000,
): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  const look = async () => {
    const now = new Date();
    const id = await claimDailyBackup(opts.db, shopDay(now), now);
    if (!id) return;
    const out = path.join(opts.dir, backupFileName(now));
    try {
      const made = await makeBackup(opts.sources, out);
      await finishDailyBackup(opts.db, id, { file: made.file, bytes: made.bytes });
      const removed = await pruneBackups(opts.dir, opts.keep);
      opts.made(true);
      opts.log.info({ file: made.file, bytes: made.bytes, removed }, "daily backup made");
    } catch (error) {
      opts.made(false);
      opts.log.error({ err: error, dir: opts.dir }, "daily backup failed");
      await finishDailyBackup(opts.db, id, { error: (error as Error).message }).catch(() => undefined);
    }
  };
  const tick = () => {
    current ??= look()
      .catch((error: unknown) => opts.log.error({ err: error }, "daily backup failed"))
      .finally(() => {
        current = null;
      });
  };
  const first = setTimeout(tick, firstLookMs);
  const timer = setInterval(tick, LOOK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await current;
    },
  };
}
