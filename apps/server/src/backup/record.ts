import type { Db } from "@mithai/db/client";
import { and, eq, isNotNull, isNull, lt, or, sql } from "@mithai/db/sql";
import { backups } from "@mithai/db/schema";
import type { BackupKind } from "@mithai/schema";

/** A backup that finished, in the `backups` table (the health panel's "last backup", the daily alert). */
export async function recordBackup(db: Db, backup: { kind: BackupKind; file: string; bytes: number; startedAt: Date }): Promise<void> {
  await db.insert(backups).values({ ...backup, finishedAt: new Date() });
}

/** A daily backup not finished after this long is taken to have died with its server; another may make it. */
const DAILY_CLAIM_MS = 2 * 60 * 60_000;

/**
 * Claims the day's backup for this server: the day's row is inserted, or taken over when its attempt failed or died.
 * Answers its id, or null when another server has it (made, or being made).
 */
export async function claimDailyBackup(db: Db, dailyKey: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .insert(backups)
    .values({ kind: "daily", dailyKey, startedAt: now })
    .onConflictDoUpdate({
      target: backups.dailyKey,
      set: { startedAt: now, error: null },
      setWhere: and(isNull(backups.finishedAt), or(isNotNull(backups.error), lt(backups.startedAt, new Date(now.getTime() - DAILY_CLAIM_MS)))),
    })
    .returning({ id: backups.id });
  return row?.id ?? null;
}

export async function finishDailyBackup(db: Db, id: string, outcome: { file: string; bytes: number } | { error: string }): Promise<void> {
  await db
    .update(backups)
    .set("error" in outcome ? { error: outcome.error } : { file: outcome.file, bytes: outcome.bytes, finishedAt: sql`now()` })
    .where(eq(backups.id, id));
}
