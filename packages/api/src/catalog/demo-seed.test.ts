import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { DEMO_SWEETS } from "@mithai/db/seed/demo-catalog";
import { DEMO_TRANSLATIONS } from "@mithai/db/seed/demo-translations";
import { CATEGORIES, FAQ_ENTRIES_PER_ITEM, itemTranslationsSchema } from "@mithai/schema";
import { createTestDb } from "@mithai/db/testing";
import { seedDemoCatalog } from "./demo-seed";
import { listFoodItems } from "./food-items";
import { createDiskImageStore } from "./image-store";
import { imageFiles } from "./images";

const demoImagesDir = fileURLToPath(new URL("../../../db/seed/images", import.meta.url));

describe("demo catalogue seed", () => {
  let handle: DbHandle;
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-seed-"));
  const imagesDir = path.join(dataDir, "images");
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ships valid data: unique kebab slugs, prices in range, two FAQ pairs, SEO fields, all four categories", () => {
    expect(DEMO_SWEETS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_SWEETS.map((s) => s.slug)).size).toBe(DEMO_SWEETS.length);
    expect(new Set(DEMO_SWEETS.map((s) => s.category))).toEqual(new Set(CATEGORIES));
    for (const sweet of DEMO_SWEETS) {
      expect(sweet.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Number.isInteger(sweet.pricePaise)).toBe(true);
      expect(sweet.pricePaise).toBeGreaterThanOrEqual(100);
      expect(sweet.faq).toHaveLength(FAQ_ENTRIES_PER_ITEM);
      expect(sweet.metaTitle && sweet.metaDescription && sweet.metaKeywords).toBeTruthy();
    }
  });

  it("ships every sweet's name and description in Hindi (Devanagari) and Telugu script, valid as an admin's translations", () => {
    expect(Object.keys(DEMO_TRANSLATIONS).sort()).toEqual(DEMO_SWEETS.map((s) => s.slug).sort());
    for (const translations of Object.values(DEMO_TRANSLATIONS)) {
      expect(itemTranslationsSchema.parse(translations)).toEqual(translations);
      expect(translations.hi?.name).toMatch(/^[\u0900-\u097F][\u0900-\u097F ()]*$/);
      expect(translations.hi?.description).toMatch(/[\u0900-\u097F]/);
      expect(translations.te?.name).toMatch(/^[\u0C00-\u0C7F][\u0C00-\u0C7F\u200C ()]*$/);
      expect(translations.te?.description).toMatch(/[\u0C00-\u0C7F]/);
    }
  });

  it("loads every sweet with its shipped pictures in every width when the catalogue is empty", async () => {
    expect(await seedDemoCatalog(handle.db, createDiskImageStore(imagesDir), demoImagesDir)).toBe(DEMO_SWEETS.length);
    const items = await listFoodItems(handle.db);
    expect(items).toHaveLength(DEMO_SWEETS.length);
    for (const item of items) for (const file of imageFiles(item.image)) expect(existsSync(path.join(imagesDir, file))).toBe(true);
    expect(items.find((item) => item.slug === "kaju-katli")?.translations).toMatchObject({ hi: { name: "काजू कतली" }, te: { name: "కాజు కట్లీ" } });
  });

  it("does nothing once the catalogue has items", async () => {
    expect(await seedDemoCatalog(handle.db, createDiskImageStore(imagesDir), demoImagesDir)).toBe(0);
    expect(await listFoodItems(handle.db)).toHaveLength(DEMO_SWEETS.length);
  });
});
