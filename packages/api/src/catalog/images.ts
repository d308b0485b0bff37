import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageVariant } from "@mithai/schema/catalog";
import { AppError } from "../errors";

/** Formats an uploaded picture may really be (read from its bytes, never from its name or type header); AVIF reads as heif. */
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
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

/**
 * Re-encodes a picture into WebP files named after `name` (metadata stripped), one per storefront
 * width plus the main file. Nothing is left behind when it fails.
 */
export async function writeImageVariants(imagesDir: string, name: string, bytes: Buffer): Promise<void> {
  await mkdir(imagesDir, { recursive: true });
  const widths = [...IMAGE_WIDTHS, MAIN_WIDTH];
  const targets = imageFiles(name).map((file) => path.join(imagesDir, file));
  try {
    // Decode once, shrunk to the largest width on the way (libvips streams it, so a large picture is never held
    // whole), then make every width from those pixels.
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAIN_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const main = targets[0]!;
    await Promise.all(
      widths.map(async (width) => {
        const output = await sharp(data, pixels).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
        const target = width === MAIN_WIDTH ? main : path.join(imagesDir, imageVariant(name, width));
        await writeFile(target, output);
      }),
    );
  } catch {
    await Promise.all(targets.map((file) => rm(file, { force: true })));
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Image could not be read");
  }
}

/** Checks that uploaded bytes really are a picture, stores it in every width and returns the new file name. */
export async function storeFoodImage(imagesDir: string, bytes: Buffer): Promise<string> {
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
  await oneAtATime(() => writeImageVariants(imagesDir, name, bytes));
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
export async function deleteFoodImage(imagesDir: string, name: string): Promise<void> {
  await Promise.all(imageFiles(path.basename(name)).map((file) => rm(path.join(imagesDir, file), { force: true })));
}
