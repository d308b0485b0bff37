import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { appErrorOf, losslessWebpHeader } from "../testing";
import { createDiskImageStore, pictureStoreDown, type ImageStore } from "./image-store";
import { MAX_IMAGE_PIXELS, storeFoodImage } from "./images";

const imagesDir = mkdtempSync(path.join(tmpdir(), "mithai-images-"));
const store = createDiskImageStore(imagesDir);
afterAll(() => rmSync(imagesDir, { recursive: true, force: true }));

/** A solid picture as PNG: libvips writes it row by row, so even 268 MP costs little to make (and under 1 MB). */
const solidPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#c8742c" } }).png({ compressionLevel: 9 }).toBuffer();

/** Runs `work` and reports how far the process's resident memory rose above where it started, at its peak. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const [result] = await Promise.allSettled([work()]);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { result, growthMb: Math.round((peak - before) / 1e6) };
}

describe("uploaded pictures' size in pixels", () => {
  it("refuses a 10 KB lossless WebP claiming 16383 × 16383 pixels with a 413, from its header alone", async () => {
    const bytes = losslessWebpHeader(16383, 16383);
    expect((await sharp(bytes).metadata()).width).toBe(16383);
    const error = await appErrorOf(storeFoodImage(store, bytes));
    expect(error.httpStatus).toBe(413);
    expect(error.message).toBe("Image must be at most 40 megapixels");
    expect(readdirSync(imagesDir)).toEqual([]);
  });

  it("refuses a real 268 MP picture (0.8 MB of PNG) before decoding it: memory stays where it was", { timeout: 60_000 }, async () => {
    const bytes = await solidPng(16383, 16383);
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    const { result, growthMb } = await peakRssGrowth(() => storeFoodImage(store, bytes));
    console.log(`268 MP upload refused; peak RSS growth ${growthMb} MB`);
    expect(result.status).toBe("rejected");
    expect((result as PromiseRejectedResult).reason).toMatchObject({ httpStatus: 413 });
    expect(growthMb).toBeLessThan(50);
  });

  it("stores a picture just under the limit with bounded memory, and several at once cost no more than one", { timeout: 120_000 }, async () => {
    const width = 7200;
    const height = Math.floor(MAX_IMAGE_PIXELS / width) - 10;
    const bytes = await solidPng(width, height);
    const one = await peakRssGrowth(() => storeFoodImage(store, bytes));
    expect(one.result.status).toBe("fulfilled");
    const four = await peakRssGrowth(() => Promise.all([1, 2, 3, 4].map(() => storeFoodImage(store, bytes))));
    expect(four.result.status).toBe("fulfilled");
    console.log(`${((width * height) / 1e6).toFixed(1)} MP upload stored; peak RSS growth ${one.growthMb} MB for one, ${four.growthMb} MB for four at once`);
    expect(one.growthMb).toBeLessThan(150);
    // The four run one after another; what stays above one upload is the allocator keeping freed memory per worker thread.
    expect(four.growthMb).toBeLessThan(250);
    const stored = (one.result as PromiseFulfilledResult<string>).value;
    expect((await sharp(path.join(imagesDir, stored)).metadata()).width).toBe(1280);
  });
});

describe("a store that fails midway through a picture's files", () => {
  it("answers 503 and leaves none of the picture's files behind", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mithai-images-"));
    const disk = createDiskImageStore(dir);
    let puts = 0;
    // The third file's write fails, after two were written.
    const flaky: ImageStore = { ...disk, put: async (name, bytes) => (++puts === 3 ? Promise.reject(pictureStoreDown()) : disk.put(name, bytes)) };
    const error = await appErrorOf(storeFoodImage(flaky, await solidPng(800, 600)));
    expect(error.httpStatus).toBe(503);
    expect(puts).toBe(4);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});
