import { randomUUID } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageVariant } from "@mithai/schema";
import { AppError } from "../errors";
import { isStorageTimeout, type ImageStore } from "./image-store";

/** Formats an uploaded picture may really be (read from its bytes, never from its name or type header); AVIF reads as heif. */
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
/** A camera photo as phones take it (often 8–12 MB) is accepted whole: the shop re-encodes every upload anyway. */
export const MAX_IMAGE_MB = 20;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = `Image must be ${MAX_IMAGE_MB} MB or smaller`;
/**
 * Pixels an upload may have (40 MP, more than any phone camera). A few kilobytes of lossless WebP can claim
 * 16383 × 16383 pixels, gigabytes once decoded: the header is read first and such a picture is refused undecoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
const MAIN_WIDTH = 1280;

// libvips keeps recent results in a cache and runs one thread per core for each picture: neither helps an upload
// that is decoded once, and both multiply its memory. Uploads are also encoded one at a time (see oneAtATime).
sharp.cache({ memory: 16, files: 0, items: 20 });
sharp.concurrency(1);

/** Every file one picture is kept as: the main file plus one per storefront width. */
export function imageFiles(name: string): string[] {
  return [name, ...IMAGE_WIDTHS.map((width) => imageVariant(name, width))];
}

/** The WebP files one picture is kept as: every storefront width plus the main file, each named after `name`. */
export async function encodeImageVariants(name: string, bytes: Buffer): Promise<Array<{ name: string; bytes: Buffer }>> {
  try {
    // Decode once, shrunk to the largest width on the way (libvips streams it, so a large picture is never held
    // whole), then make every width from those pixels.
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAIN_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    return await Promise.all(
      [MAIN_WIDTH, ...IMAGE_WIDTHS].map(async (width) => ({
        name: width === MAIN_WIDTH ? name : imageVariant(name, width),
        bytes: await sharp(data, pixels).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Image could not be read");
  }
}

/**
 * Re-encodes a picture into WebP files named after `name` (metadata stripped), one per storefront width plus the
 * main file, and writes them to the store.
 */
export async function writeImageVariants(store: ImageStore, name: string, bytes: Buffer): Promise<void> {
  await saveImageFiles(store, await encodeImageVariants(name, bytes));
}

/**
 * Writes one picture's encoded files. What was written is removed again when a write fails, so a failure leaves no
 * partial picture behind (a store that went down midway may refuse that too: the files are then unreferenced, as no
 * row names them).
 */
async function saveImageFiles(store: ImageStore, files: Array<{ name: string; bytes: Buffer }>): Promise<void> {
  // Every write settles before any cleanup, so no write still under way lands after the delete.
  const writes = await Promise.allSettled(files.map((file) => store.put(file.name, file.bytes)));
  const failed = writes.find((write) => write.status === "rejected");
  if (failed) {
    const cleanup = store.delete(files.map((file) => file.name)).catch(() => undefined);
    // A store that was given up on (STORAGE_TIMEOUT_MS) would hold the answer as long again: it is cleaned up meanwhile.
    if (!isStorageTimeout(failed.reason)) await cleanup;
    throw failed.reason;
  }
}

/** Checks that uploaded bytes really are a picture, stores it in every width and returns the new file name. */
export async function storeFoodImage(store: ImageStore, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Image must be 5 MB or smaller");
  // metadata() reads the header only: format and size are known before a single pixel is decoded.
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !UPLOAD_FORMATS.has(meta.format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Image must be a JPEG, PNG, WebP or AVIF picture");
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1) > MAX_IMAGE_PIXELS) {
    throw new AppError("PAYLOAD_TOO_LARGE", `Image must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  const name = `${randomUUID()}.webp`;
  // Encoding waits its turn (memory); writing to the store does not hold up the next upload's encoding.
  await saveImageFiles(store, await oneAtATime(() => encodeImageVariants(name, bytes)));
  return name;
}

let imageQueue: Promise<unknown> = Promise.resolve();
/** Runs picture encodings one after another, so uploads arriving together need one upload's memory, not the sum. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = imageQueue.then(work, work);
  imageQueue = result.catch(() => undefined);
  return result;
}

/** Removes an item's picture in every width. */
export async function deleteFoodImage(store: ImageStore, name: string): Promise<void> {
  await store.delete(imageFiles(path.basename(name)));
}
