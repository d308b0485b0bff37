import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@mithai/db/client";
import { count, isNull } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import { DEMO_SWEETS } from "@mithai/db/seed/demo-catalog";
import { DEMO_TRANSLATIONS } from "@mithai/db/seed/demo-translations";
import type { ImageStore } from "./image-store";
import { imageFiles } from "./images";

/** The shipped picture of a demo sweet (made by `npm run demo:images`). */
export const demoImageName = (slug: string) => `demo-${slug}.webp`;

/**
 * Loads the demo catalogue when the catalogue is empty, writing its shipped pictures to the picture store (the
 * images folder, or the bucket on a shop's first start with S3) before any row names them; returns how many items
 * it added.
 */
export async function seedDemoCatalog(db: Db, images: ImageStore, demoImagesDir: string): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(foodItems);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = await Promise.all(
    DEMO_SWEETS.map(async ({ art: _art, ...fields }) => {
      const image = demoImageName(fields.slug);
      await Promise.all(imageFiles(image).map(async (file) => images.put(file, await readFile(path.join(demoImagesDir, file)))));
      return { ...fields, image, translations: DEMO_TRANSLATIONS[fields.slug] ?? {} };
    }),
  );
  const added = await db.insert(foodItems).values(rows).onConflictDoNothing({ target: foodItems.slug, where: isNull(foodItems.removedAt) }).returning({ id: foodItems.id });
  return added.length;
}
