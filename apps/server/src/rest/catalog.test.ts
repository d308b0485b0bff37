import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, type FoodItem } from "@mithai/schema";
import { foodItems } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestApp, jsonOf, type TestApp } from "../testing";

describe("catalogue over REST", () => {
  let t: TestApp;
  let items: FoodItem[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    items = jsonOf<{ success: boolean; data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
  });
  afterAll(() => t.close());

  it("lists the demo catalogue: at least 12 sweets across all four categories, with SPEC §3 fields", async () => {
    const res = await t.app.inject("/api/food/list");
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ success: boolean; data: FoodItem[] }>(res);
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(12);
    expect(new Set(body.data.map((i) => i.category))).toEqual(new Set(CATEGORIES));
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "_id", "benefits", "category", "description", "faq", "googleTagBody", "googleTagHead", "image",
          "ingredients", "metaDescription", "metaKeywords", "metaTitle", "name", "price", "slug", "hsn", "gstRate",
          "stockKg", "soldOut", "rating",
        ].sort(),
      );
      expect(item.faq).toHaveLength(2);
      expect(typeof item.price).toBe("number");
      expect(item.price).toBeGreaterThan(0);
      expect(item.metaTitle.length).toBeGreaterThan(0);
    }
  });

  it("answers the list with an ETag, 304 when it has not changed, and pre-compressed bodies", async () => {
    const first = await t.app.inject("/api/food/list");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: "/api/food/list", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
      const res = await t.app.inject({ url: "/api/food/list", headers: { "accept-encoding": encoding } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(jsonOf(first));
    }
  });

  it("finds an item by slug and by id, the same item both ways", async () => {
    const sample = items[3]!;
    const bySlug = await t.app.inject(`/api/food/slug/${sample.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(jsonOf(bySlug)).toEqual({ success: true, data: sample });
    const byId = await t.app.inject(`/api/food/item/${sample._id}`);
    expect(byId.statusCode).toBe(200);
    expect(jsonOf(byId)).toEqual({ success: true, data: sample });
  });

  it("answers a sweet from its kept JSON until the catalogue changes, then the new one, in each language", async () => {
    const sample = items[4]!;
    const read = async (url: string) => jsonOf<{ data: FoodItem }>(await t.app.inject(url)).data;
    expect((await read(`/api/food/slug/${sample.slug}`)).price).toBe(sample.price);
    expect((await read(`/api/food/slug/${sample.slug}?lang=hi`))._id).toBe(sample._id);
    await t.database.db.update(foodItems).set({ pricePaise: sample.price * 100 + 1_000 }).where(eq(foodItems.id, sample._id));
    await t.app.deps.catalog.changed();
    expect((await read(`/api/food/slug/${sample.slug}`)).price).toBe(sample.price + 10);
    expect((await read(`/api/food/item/${sample._id}`)).price).toBe(sample.price + 10);
    expect((await read(`/api/food/slug/${sample.slug}?lang=hi`)).price).toBe(sample.price + 10);
  });

  it.each([
    ["an unknown slug", "/api/food/slug/no-such-sweet"],
    ["a slug with odd characters", "/api/food/slug/%27%3B%20drop%20table%20food_items%3B--"],
    ["an unknown id", "/api/food/item/00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "/api/food/item/not-a-uuid"],
    ["a very long id", `/api/food/item/${"9".repeat(3000)}`],
  ])("answers 404 with a message for %s", async (_name, url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(jsonOf(res)).toEqual({ success: false, code: "NOT_FOUND", message: "Food item not found", requestId: expect.any(String) });
  });

  it("serves item images as WebP with long-lived caching, in every storefront width", async () => {
    const image = items[0]!.image;
    for (const file of [image, image.replace(".webp", "-320w.webp"), image.replace(".webp", "-640w.webp")]) {
      const res = await t.app.inject(`/images/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toContain("max-age=31536000");
      expect(res.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    }
  });

  it("answers 404 for a missing image and never escapes the images folder", async () => {
    expect((await t.app.inject("/images/nope.webp")).statusCode).toBe(404);
    const traversal = await t.app.inject("/images/..%2f..%2fjwt-secret");
    expect([403, 404]).toContain(traversal.statusCode);
    expect(traversal.body).not.toContain(t.env.jwtSecret);
  });
});

describe("catalogue over tRPC", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("answers the same items as REST", async () => {
    const rest = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
    const res = await t.app.inject("/trpc/catalog.list");
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ result: { data: FoodItem[] } }>(res).result.data).toEqual(rest);
  });

  it("answers NOT_FOUND (404) for an unknown slug", async () => {
    const input = encodeURIComponent(JSON.stringify({ slug: "missing" }));
    const res = await t.app.inject(`/trpc/catalog.bySlug?input=${input}`);
    expect(res.statusCode).toBe(404);
    expect(jsonOf<{ error: { message: string } }>(res).error.message).toBe("Food item not found");
  });

  it("answers 400 for input of the wrong type", async () => {
    const input = encodeURIComponent(JSON.stringify({ id: 42 }));
    const res = await t.app.inject(`/trpc/catalog.byId?input=${input}`);
    expect(res.statusCode).toBe(400);
  });
});
