/**
 * Draws the demo catalogue's pictures and writes them, in every storefront width, to
 * packages/db/seed/images (committed, so seeding is a file copy). Run: npm run demo:images
 */
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DEMO_SWEETS } from "@mithai/db/seed/demo-catalog";
import { renderSweetSvg } from "./demo-art";
import { createDiskImageStore, demoImageName, writeImageVariants } from "@mithai/api";

const outDir = fileURLToPath(new URL("../../db/seed/images", import.meta.url));
await rm(outDir, { recursive: true, force: true });
const store = createDiskImageStore(outDir);
for (const sweet of DEMO_SWEETS) {
  await writeImageVariants(store, demoImageName(sweet.slug), Buffer.from(renderSweetSvg(sweet.art, sweet.slug)));
}
console.log(`wrote ${DEMO_SWEETS.length} pictures to ${outDir}`);
