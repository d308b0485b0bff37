import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

/**
 * A backup is one tar file: the database (`database/…`), the pictures (`images/…`), and last `manifest.json`, which
 * names every other entry with its size and SHA-256. The manifest comes last so that a file cut short has none, and
 * every entry is checked against it before anything is restored.
 */
export const MANIFEST_NAME = "manifest.json";
export const BACKUP_FORMAT = "mithai-backup";
export const BACKUP_FORMAT_VERSION = 1;

export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Which database the dump is of: PGlite's data folder (`database/pglite.tar.gz`) or pg_dump's custom format (`database/postgres.dump`). */
  database: "pglite" | "postgres";
  /** Where the pictures were: their files are in the backup (`disk`), or only their names (`s3`: `images.json`, the bucket keeps them). */
  pictures: { store: "disk" | "s3"; count: number };
  files: ManifestFile[];
}

/** A backup that cannot be used: said in words a person can act on; nothing was changed. */
export class BackupError extends Error {}

/** One entry to write: a file on disk or bytes in memory. */
export type ArchiveEntry = { name: string; path: string } | { name: string; bytes: Buffer };

/**
 * Writes the entries and their manifest to `out`, through a temporary file beside it renamed at the end: an
 * interrupted backup never leaves a complete-looking file. Answers the file's size.
 */
export async function writeArchive(out: string, entries: ArchiveEntry[], manifest: Omit<BackupManifest, "files" | "format" | "version">): Promise<number> {
  const partial = `${out}.partial-${process.pid}`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
  try {
    const files: ManifestFile[] = [];
    for (const entry of entries) files.push(await addEntry(pack, entry));
    const whole: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, ...manifest, files };
    pack.entry({ name: MANIFEST_NAME }, JSON.stringify(whole, null, 2));
    pack.finalize();
    await written;
    await rename(partial, out);
    return (await stat(out)).size;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

async function addEntry(pack: tar.Pack, entry: ArchiveEntry): Promise<ManifestFile> {
  const hash = createHash("sha256");
  if ("bytes" in entry) {
    hash.update(entry.bytes);
    await new Promise<void>((resolve, reject) => pack.entry({ name: entry.name, size: entry.bytes.length }, entry.bytes, (error) => (error ? reject(error) : resolve())));
    return { name: entry.name, bytes: entry.bytes.length, sha256: hash.digest("hex") };
  }
  const { size } = await stat(entry.path);
  const sink = pack.entry({ name: entry.name, size });
  const source = createReadStream(entry.path);
  source.on("data", (chunk) => hash.update(chunk));
  await pipeline(source, sink);
  return { name: entry.name, bytes: size, sha256: hash.digest("hex") };
}

/** An entry's contents, read once, to the end. */
export type EntryContents = AsyncIterable<Buffer>;

/** Calls `onEntry` for each entry in order, with its contents (which it must read to the end). */
async function eachEntry(file: string, onEntry: (name: string, contents: EntryContents) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  try {
    for await (const entry of extract) await onEntry(entry.header.name, entry as unknown as EntryContents);
    await reading;
  } catch (error) {
    await reading.catch(() => undefined);
    throw error;
  }
}

async function digest(contents: EntryContents): Promise<{ bytes: number; sha256: string; text: string | null }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const small: Buffer[] = [];
  for await (const chunk of contents) {
    hash.update(chunk);
    bytes += chunk.length;
    if (bytes <= 16 * 1024 * 1024) small.push(chunk);
  }
  return { bytes, sha256: hash.digest("hex"), text: bytes <= 16 * 1024 * 1024 ? Buffer.concat(small).toString("utf8") : null };
}

/**
 * Reads the whole backup and checks every entry against the manifest (present, same size, same SHA-256, nothing
 * extra). A truncated or damaged file is refused here, before anything is restored.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    await stat(file);
  } catch {
    throw new BackupError(`No backup file at ${file}. Nothing was changed.`);
  }
  try {
    await eachEntry(file, async (name, contents) => {
      const found = await digest(contents);
      if (name === MANIFEST_NAME) manifestText = found.text;
      else seen.set(name, found);
    });
  } catch (error) {
    throw new BackupError(`${file} is not a whole backup (${(error as Error).message}): it was cut short or damaged. Nothing was changed; use another backup.`);
  }
  if (manifestText === null) throw new BackupError(`${file} has no manifest: it was cut short, or it is not a backup of this shop. Nothing was changed; use another backup.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(`${file}'s manifest is damaged. Nothing was changed; use another backup.`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new BackupError(`${file} is not a backup of this shop. Nothing was changed.`);
  if (manifest.version > BACKUP_FORMAT_VERSION) throw new BackupError(`${file} was made by a newer version of the shop (format ${manifest.version}); restore it with that version. Nothing was changed.`);
  for (const listed of manifest.files) {
    const found = seen.get(listed.name);
    if (!found) throw new BackupError(`${file} is missing ${listed.name}: it was cut short or damaged. Nothing was changed; use another backup.`);
    if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256) {
      throw new BackupError(`${file} is damaged: ${listed.name} does not match its checksum. Nothing was changed; use another backup.`);
    }
    seen.delete(listed.name);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new BackupError(`${file} holds ${extra}, which its manifest does not name: it is not a backup as the shop writes them. Nothing was changed.`);
  return manifest;
}

/** Hands every entry but the manifest to `onEntry` (after `verifyArchive` passed). */
export function extractArchive(file: string, onEntry: (name: string, contents: EntryContents) => Promise<void>): Promise<void> {
  return eachEntry(file, async (name, contents) => {
    if (name !== MANIFEST_NAME) return onEntry(name, contents);
    for await (const _chunk of contents);
  });
}
