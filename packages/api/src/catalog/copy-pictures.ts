import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_NAME, type ImageStore } from "./image-store";

export interface PictureCopy {
  /** Picture files in the folder. */
  found: number;
  copied: number;
  /** Already in the store under that name (names are never reused for other content, so they are the same files). */
  alreadyThere: number;
}

/**
 * Copies a shop's pictures from a folder (DATA_DIR/images) into another store (the bucket), every width of every
 * picture; files the store already has are left alone, so running it again after an interruption finishes the job.
 */
export async function copyPicturesToStore(sourceDir: string, store: ImageStore, options: { dryRun?: boolean; onFile?: (name: string, copied: boolean) => void } = {}): Promise<PictureCopy> {
  const entries = await readdir(sourceDir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isFile() && IMAGE_NAME.test(entry.name)).map((entry) => entry.name).sort();
  const result: PictureCopy = { found: names.length, copied: 0, alreadyThere: 0 };
  // A few at a time: fast enough for thousands of files, gentle on the store.
  const queue = [...names];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        if (await store.has(name)) {
          result.alreadyThere++;
          options.onFile?.(name, false);
          continue;
        }
        if (!options.dryRun) await store.put(name, await readFile(path.join(sourceDir, name)));
        result.copied++;
        options.onFile?.(name, true);
      }
    }),
  );
  return result;
}
