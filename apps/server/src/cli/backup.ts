/**
 * `npm run backup [-- --out FILE]` (in the image: `node apps/server/dist/backup.js`): a consistent backup of the shop
 * while it runs. On PostgreSQL pg_dump takes it; on the embedded database the running server does (no second
 * process may open its folder), or, when no server runs, this process. Pictures come along from disk, or as the
 * bucket's list of names. Safe to run at any time and again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createDb } from "@mithai/db/client";
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from "@mithai/db/pglite-lock";
import { createPictureStore } from "../picture-store";
import { commandArgs } from "./args";
import { EnvError, loadEnv, type Env } from "../env";
import { BackupError } from "../backup/archive";
import { BACKUP_ENDPOINT_FILE, BACKUP_PATH, type BackupEndpoint } from "../backup/backup-endpoint";
import { backupFileName } from "../backup/daily";
import { backupSourcesOf, makeBackup } from "../backup/make-backup";
import { recordBackup } from "../backup/record";

async function main(): Promise<void> {
  const { values } = commandArgs("Usage: npm run backup [-- --out FILE]", { options: { out: { type: "string" } } });
  const env = loadEnv();
  const out = path.resolve(values.out ?? backupFileName(new Date()));
  const made = !env.databaseUrl && shopIsRunning(env) ? await askRunningServer(env, out) : await backupHere(env, out);
  console.log(`Backup written to ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB).`);
}

/** Whether a server holds the embedded database now (its lock is taken by a live process). */
function shopIsRunning(env: Env): boolean {
  try {
    lockEmbeddedDatabase(env.pgliteDir).release();
    return false;
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) return true;
    throw error;
  }
}

async function askRunningServer(env: Env, out: string): Promise<{ file: string; bytes: number }> {
  let endpoint: BackupEndpoint;
  try {
    endpoint = JSON.parse(readFileSync(path.join(env.dataDir, BACKUP_ENDPOINT_FILE), "utf8")) as BackupEndpoint;
  } catch {
    throw new BackupError(`The shop is running on ${env.dataDir} but has not said where to reach it (${BACKUP_ENDPOINT_FILE}): wait until it has started, or restart it.`);
  }
  let res: Response;
  try {
    res = await fetch(`${endpoint.url}${BACKUP_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "application/json" },
      body: JSON.stringify({ out }),
    });
  } catch (error) {
    throw new BackupError(`The running shop did not answer at ${endpoint.url} (${(error as Error).message}).`);
  }
  const answer = (await res.json().catch(() => ({}))) as { file?: string; bytes?: number; message?: string };
  if (!res.ok || answer.file === undefined || answer.bytes === undefined) throw new BackupError(answer.message ?? `The running shop answered ${res.status}.`);
  return { file: answer.file, bytes: answer.bytes };
}

async function backupHere(env: Env, out: string): Promise<{ file: string; bytes: number }> {
  const database = createDb({ databaseUrl: env.databaseUrl, pgliteDir: env.pgliteDir, maxConnections: 1, preparedStatements: env.databasePreparedStatements }, env.migrationsFolder);
  const images = createPictureStore(env);
  const startedAt = new Date();
  try {
    // A database the shop never started on gets its tables first, so the backup row can be written.
    await database.migrate();
    const made = await makeBackup(backupSourcesOf(env, database, images), out);
    await recordBackup(database.db, { kind: "manual", file: made.file, bytes: made.bytes, startedAt });
    return made;
  } finally {
    await database.close();
    if ("close" in images) await images.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof EnvError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
