import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "../errors";

/** A year: picture names are new for every upload (content never changes under a name), so caches may keep them. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A stored picture's bytes and what a cache needs to know about them. */
export interface StoredImage {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * Where product pictures live: the local disk (one server) or an S3-compatible bucket (any number of servers).
 * Every method throws `pictureStoreDown()` (503) when the store does not answer, never the SDK's own error.
 */
export interface ImageStore {
  readonly kind: "disk" | "s3";
  /** Writes one file (a WebP picture in one width). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file, null when there is none, or "not-modified" when `ifNoneMatch` is its current ETag. */
  get(name: string, ifNoneMatch?: string): Promise<StoredImage | "not-modified" | null>;
  has(name: string): Promise<boolean>;
  /** Removes the files; ones already gone are fine. */
  delete(names: string[]): Promise<void>;
}

export function pictureStoreDown(cause?: unknown): AppError {
  return new AppError(
    "STORAGE_UNAVAILABLE",
    "The picture store is not answering, so pictures cannot be saved or shown right now. Nothing was changed; please try again in a minute.",
    { cause },
  );
}

/** A store call given up after STORAGE_TIMEOUT_MS (the cause of its STORAGE_UNAVAILABLE). */
export class StorageTimeoutError extends Error {
  override name = "StorageTimeoutError";
}

/** Whether a store call failed by being given up (the store may still take in a write it was sent). */
export function isStorageTimeout(error: unknown): boolean {
  return error instanceof AppError && error.cause instanceof StorageTimeoutError;
}

/** A picture's file name as the shop makes them (`<uuid>.webp`, `demo-jalebi-320w.webp`): no folders, no dot files. */
export const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function imageContentType(name: string): string {
  const ext = path.extname(name).toLowerCase();
  return ({ ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".avif": "image/avif" } as Record<string, string>)[ext] ?? "application/octet-stream";
}

/** Pictures in a folder of this server (`DATA_DIR/images`): right for one server only. */
export function createDiskImageStore(dir: string): ImageStore & { readonly dir: string } {
  const fileOf = (name: string) => {
    if (!IMAGE_NAME.test(name)) throw new AppError("VALIDATION", "Not a picture name");
    return path.join(dir, name);
  };
  return {
    kind: "disk",
    dir,
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(name), bytes);
    },
    async get(name) {
      if (!IMAGE_NAME.test(name)) return null;
      const info = await stat(fileOf(name)).catch(() => undefined);
      if (!info?.isFile()) return null;
      return { body: createReadStream(fileOf(name)), contentType: imageContentType(name), contentLength: info.size, etag: undefined, lastModified: info.mtime };
    },
    async has(name) {
      return IMAGE_NAME.test(name) && (await stat(fileOf(name)).then((info) => info.isFile(), () => false));
    },
    async delete(names) {
      await Promise.all(names.filter((name) => IMAGE_NAME.test(name)).map((name) => rm(fileOf(name), { force: true })));
    },
  };
}
