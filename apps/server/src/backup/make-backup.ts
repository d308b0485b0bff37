import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ImageStore, S3ImageStore } from "@mithai/api";
import type { DbHandle } from "@mithai/db/client";
import type { Env } from "../env";
import { BackupError, writeArchive, type ArchiveEntry, type BackupManifest } from "./archive";

/** What a backup is made of: the database (the running embedded one, or PostgreSQL through pg_dump) and the pictures. */
export interface BackupSources {
  database: Pick<DbHandle, "kind" | "snapshot">;
  /** PostgreSQL's URL (for pg_dump); unused on the embedded database. */
  databaseUrl: string | undefined;
  images: ImageStore | S3ImageStore;
  imagesDir: string;
}

/** The running shop's database and pictures, as its settings name them. */
export function backupSourcesOf(env: Pick<Env, "databaseUrl" | "imagesDir">, database: DbHandle, images: ImageStore): BackupSources {
  return { database, databaseUrl: env.databaseUrl, images, imagesDir: env.imagesDir };
}

export interface MadeBackup {
  file: string;
  bytes: number;
  manifest: Omit<BackupManifest, "files" | "format" | "version">;
}

/**
 * Writes a consistent backup to `out` while the shop runs: the database first (PGlite's data folder copied in one
 * go between two statements, or pg_dump's snapshot), then the pictures (their files from disk, or the bucket's list
 * of names: the bucket is backed up by its own means). Pictures are named once and never rewritten, so every
 * picture the dump refers to is still there when they are copied, unless an admin replaced it in between.
 */
export async function makeBackup(sources: BackupSources, out: string): Promise<MadeBackup> {
  const work = await mkdtemp(path.join(tmpdir(), "mithai-backup-"));
  try {
    const entries: ArchiveEntry[] = [await databaseEntry(sources, work)];
    const pictures = await pictureEntries(sources);
    entries.push(...pictures.entries);
    const manifest = { createdAt: new Date().toISOString(), database: sources.database.kind, pictures: { store: sources.images.kind, count: pictures.count } };
    const bytes = await writeArchive(out, entries, manifest);
    return { file: out, bytes, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function databaseEntry(sources: BackupSources, work: string): Promise<ArchiveEntry> {
  if (sources.database.kind === "pglite") {
    if (!sources.database.snapshot) throw new BackupError("This embedded database cannot be copied while it runs.");
    return { name: "database/pglite.tar.gz", bytes: Buffer.from(await (await sources.database.snapshot()).arrayBuffer()) };
  }
  if (!sources.databaseUrl) throw new BackupError("DATABASE_URL is not set.");
  const dump = path.join(work, "postgres.dump");
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", dump, "--dbname", sources.databaseUrl]);
  return { name: "database/postgres.dump", path: dump };
}

async function pictureEntries(sources: BackupSources): Promise<{ entries: ArchiveEntry[]; count: number }> {
  const { images } = sources;
  if ("names" in images) {
    const names = await images.names();
    return { entries: [{ name: "images.json", bytes: Buffer.from(JSON.stringify({ bucket: images.bucket, names }, null, 2)) }], count: names.length };
  }
  let names: string[];
  try {
    names = (await readdir(sources.imagesDir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], count: 0 };
    throw error;
  }
  return { entries: names.map((name) => ({ name: `images/${name}`, path: path.join(sources.imagesDir, name) })), count: names.length };
}

/** Runs a PostgreSQL tool; its own error (version mismatch, refused connection) becomes the message. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === "ENOENT" ? `${command} is not installed: install PostgreSQL's client tools (postgresql-client) at least as new as the server.` : error.message)),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${stderr.trim().split("\n").slice(-3).join(" ") || `exit ${code}`}`))));
  });
}
