import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import type { FoodItem } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { MIN_COMPRESSED_BYTES, negotiateEncoding } from "./compression";

describe("choosing a content encoding for the catalogue's prepared bodies", () => {
  it("prefers brotli, then gzip, and honours q-values and *, as @fastify/compress does for every other answer", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=1.0, br;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("gzip;q=0")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding("gzip;q=abc")).toBeNull();
  });
});

describe("compressed answers", () => {
  let t: TestApp;
  let item: FoodItem;
  let small: FoodItem;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    [item, small] = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data as [FoodItem, FoodItem];
    // One sweet with a long story, so its answer is worth compressing.
    const story = "Slow-cooked milk, stirred for hours in an iron kadhai until it turns to rich, grainy khoa. ".repeat(60);
    await t.database.db.update(foodItems).set({ description: story }).where(eq(foodItems.id, item._id));
    await t.app.deps.catalog.changed();
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("compresses a JSON answer with brotli or gzip as the client accepts, to the same JSON, varying on Accept-Encoding", async () => {
    const url = `/api/food/slug/${item.slug}`;
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);

    const br = await get(url, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(JSON.parse(plain.payload));

    const gzip = await get(url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(JSON.parse(plain.payload));
    expect(Number(gzip.headers["content-length"])).toBe(gzip.rawPayload.length);
  });

  it("leaves small answers and refused encodings alone", async () => {
    const smallAnswer = await get(`/api/food/slug/${small.slug}`, "br");
    expect(smallAnswer.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(smallAnswer.headers["content-encoding"]).toBeUndefined();
    expect(jsonOf<{ data: FoodItem }>(smallAnswer).data.slug).toBe(small.slug);
    const refused = await get(`/api/food/slug/${item.slug}`, "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(jsonOf<{ data: FoodItem }>(refused).data.slug).toBe(item.slug);
  });

  it("compresses tRPC answers too", async () => {
    const trpc = await get("/trpc/catalog.list", "br");
    expect(trpc.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(trpc.rawPayload).toString("utf8")).result.data).toHaveLength(
      jsonOf<{ data: FoodItem[] }>(await get("/api/food/list")).data.length,
    );
  });

  it("keeps a compressed tRPC answer's status and headers (tRPC answers with a fetch Response)", async () => {
    const refused = await get(`/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "no-such-sweet" }))}`, "gzip");
    const plain = await get(`/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "no-such-sweet" }))}`);
    expect(plain.statusCode).toBe(404);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers["content-type"]).toMatch(/application\/json/);
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const error = (payload: string) => (JSON.parse(payload) as { error: { message: string; data: { code: string } } }).error;
    expect(error(gunzipSync(refused.rawPayload).toString("utf8"))).toMatchObject({ message: error(plain.payload).message, data: { code: "NOT_FOUND" } });
  });
});
