import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, testDatabaseKind } from "@mithai/db/testing";
import { createCatalogCache, findById, findBySlug, type CatalogCache } from "./cache";

async function insertSweet(handle: DbHandle, slug: string, pricePaise: number) {
  const [row] = await handle.db
    .insert(foodItems)
    .values({ slug, name: slug, description: "d", pricePaise, image: `${slug}.webp`, category: "Festive Sweets", ingredients: "i", benefits: "b", faq: [] })
    .returning();
  return row!;
}

describe(`catalogue cache on ${testDatabaseKind()}`, () => {
  let handle: DbHandle;
  let a: CatalogCache;
  let b: CatalogCache;
  beforeAll(async () => {
    handle = await createTestDb();
    // Two caches on one database stand for two server processes.
    a = createCatalogCache(handle.db, handle.listen);
    b = createCatalogCache(handle.db, handle.listen);
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await handle.close();
  });

  it("serves repeated reads from memory and finds items by slug and id", async () => {
    const row = await insertSweet(handle, "barfi", 60_000);
    const first = await a.snapshot();
    expect(await a.snapshot()).toBe(first);
    expect(findBySlug(first, "barfi").price).toBe(600);
    expect(findById(first, row.id).slug).toBe("barfi");
    expect(() => findBySlug(first, "Not A Slug!")).toThrow("Food item not found");
    expect(() => findById(first, "42")).toThrow("Food item not found");
  });

  it("drops every process's copy when one of them reports a change", async () => {
    await b.snapshot();
    const { version } = await a.snapshot();
    await handle.db.update(foodItems).set({ pricePaise: 75_050 }).where(eq(foodItems.slug, "barfi"));
    await a.changed();
    expect(findBySlug(await a.snapshot(), "barfi").price).toBe(750.5);
    // What the server derives per version (the pre-made answers) is made again.
    expect((await a.snapshot()).version).toBeGreaterThan(version);
    await expect.poll(async () => findBySlug(await b.snapshot(), "barfi").price, { timeout: 5000 }).toBe(750.5);
  });

  it("hides removed items", async () => {
    await handle.db.update(foodItems).set({ removedAt: new Date() }).where(eq(foodItems.slug, "barfi"));
    await a.changed();
    const snapshotNow = await a.snapshot();
    expect(() => findBySlug(snapshotNow, "barfi")).toThrow("Food item not found");
    expect(snapshotNow.items.find((item) => item.slug === "barfi")).toBeUndefined();
  });
});
