import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@mithai/db/client";
import { count, isNull } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import { DEMO_SWEETS } from "@mithai/db/seed/demo-catalog";
import { imageFiles } from "./images";

/** The shipped picture of a demo sweet (made by `npm run demo:images`). */
export const demoImageName = (slug: string) => `demo-${slug}.webp`;

/**
 * Loads the demo catalogue when the catalogue is empty, copying its shipped pictures into the
 * images folder; returns how many items it added.
 */
export async function seedDemoCatalog(db: Db, imagesDir: string, demoImagesDir: string): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(foodItems);
  if ((existing?.n ?? 0) > 0) return 0;
  await mkdir(imagesDir, { recursive: true });
  const rows = await Promise.all(
    DEMO_SWEETS.map(async ({ art: _art, ...fields }) => {
      const image = demoImageName(fields.slug);
      await Promise.all(imageFiles(image).map((file) => copyFile(path.join(demoImagesDir, file), path.join(imagesDir, file))));
      return { ...fields, image };
    }),
  );
  const added = await db.insert(foodItems).values(rows).onConflictDoNothing({ target: foodItems.slug, where: isNull(foodItems.removedAt) }).returning({ id: foodItems.id });
  return added.length;
}
