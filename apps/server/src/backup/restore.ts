import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { createDb, pgliteExtensions, queryRows } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from "@mithai/db/pglite-lock";
import { BackupError, extractArchive, verifyArchive, type BackupManifest } from "./archive";
import { run } from "./make-backup";

/** Where a backup goes: an empty DATA_DIR (its embedded database and pictures), and for a PostgreSQL backup an empty database. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

async function isEmptyDatabase(url: string): Promise<boolean> {
  const database = createDb({ databaseUrl: url, maxConnections: 1 });
  try {
    const [row] = await queryRows<{ tables: number }>(
      database.db,
      sql`select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return row!.tables === 0;
  } catch (error) {
    throw new BackupError(`The database at DATABASE_URL does not answer: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
}

async function bytesOf(contents: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of contents) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Restores a backup into an empty DATA_DIR (and, for a PostgreSQL backup, an empty database). The whole file is
 * checked against its manifest first; a target that holds anything is refused; the files are written beside their
 * place and moved in at the end, and a PostgreSQL restore is one transaction — so a refused or failed restore
 * changes nothing. On the embedded database the folder's lock is held meanwhile, so no shop starts on it half-restored.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = await verifyArchive(file);
  const pgliteDir = path.join(target.dataDir, "pglite");
  const imagesDir = path.join(target.dataDir, "images");
  if (manifest.database === "postgres" && !target.databaseUrl) {
    throw new BackupError("This backup is of a PostgreSQL database: give the empty database to restore it into (--database-url URL or DATABASE_URL). Nothing was changed.");
  }
  if (manifest.database === "pglite" && target.databaseUrl) {
    throw new BackupError("This backup is of the embedded database: restore it into an empty folder with --data-dir DIR (without DATABASE_URL). Nothing was changed.");
  }
  await mkdir(target.dataDir, { recursive: true });
  let lock;
  try {
    lock = manifest.database === "pglite" ? lockEmbeddedDatabase(pgliteDir) : null;
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) throw new BackupError(`A shop is running on ${target.dataDir} (pid ${error.pid}): restore into an empty folder. Nothing was changed.`);
    throw error;
  }
  const staging = path.join(target.dataDir, `.restoring-${process.pid}`);
  try {
    if (manifest.database === "pglite" && !(await isEmptyFolder(pgliteDir))) {
      throw new BackupError(`${pgliteDir} already holds a database: restore into an empty DATA_DIR (a new folder). Nothing was changed.`);
    }
    if (manifest.pictures.store === "disk" && manifest.pictures.count > 0 && !(await isEmptyFolder(imagesDir))) {
      throw new BackupError(`${imagesDir} already holds pictures: restore into an empty DATA_DIR (a new folder). Nothing was changed.`);
    }
    if (manifest.database === "postgres" && !(await isEmptyDatabase(target.databaseUrl!))) {
      throw new BackupError("The database at DATABASE_URL is not empty: restore into a new, empty database (createdb). Nothing was changed.");
    }
    await rm(staging, { recursive: true, force: true });
    await mkdir(path.join(staging, "images"), { recursive: true });
    let pgliteDump: Buffer | null = null;
    await extractArchive(file, async (name, contents) => {
      if (name === "database/pglite.tar.gz") pgliteDump = await bytesOf(contents);
      else if (name === "database/postgres.dump") await pipeline(Readable.from(contents), createWriteStream(path.join(staging, "postgres.dump")));
      else if (name.startsWith("images/") && !name.slice("images/".length).includes("/")) await pipeline(Readable.from(contents), createWriteStream(path.join(staging, name)));
      else for await (const _chunk of contents);
    });
    if (manifest.database === "pglite") {
      const restored = new PGlite(path.join(staging, "pglite"), { extensions: pgliteExtensions, loadDataDir: new Blob([new Uint8Array(pgliteDump!)], { type: "application/x-gzip" }) });
      await restored.query("select 1");
      await restored.close();
    } else {
      await run("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--dbname", target.databaseUrl!, path.join(staging, "postgres.dump")]);
    }
    if (manifest.pictures.store === "disk" && manifest.pictures.count > 0) {
      await rm(imagesDir, { recursive: true, force: true });
      await rename(path.join(staging, "images"), imagesDir);
    }
    if (manifest.database === "pglite") {
      await rm(pgliteDir, { recursive: true, force: true });
      await rename(path.join(staging, "pglite"), pgliteDir);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock?.release();
  }
}
