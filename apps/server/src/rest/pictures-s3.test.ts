import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFiles } from "@mithai/api";
import { foodItems } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { DEMO_SWEETS } from "@mithai/db/seed/demo-catalog";
import { type FoodItem, IMAGE_WIDTHS, imageVariant } from "@mithai/schema";
import { startTestS3, type TestS3 } from "../s3-testing";
import { createTestApp, jsonOf, writeWebClientFixture, type TestApp } from "../testing";
import { bearer, createAccount, multipart, pngBytes, type FilePart } from "./admin-fixtures";

const FAQ = JSON.stringify([
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
]);
const fields = (name: string) => ({ name, description: "Almond fudge.", price: "899.5", category: "Festive Sweets", ingredients: "Almonds", benefits: "Good fats", faq: FAQ });
const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

/** Pictures in S3-compatible storage (issue 19), against a real S3-protocol server (s3rver) through the real SDK. */
describe("pictures in an S3 bucket", () => {
  let s3: TestS3;
  let t: TestApp;
  let admin: Record<string, string>;
  let png: FilePart;

  const add = (name: string, file: FilePart | undefined = png) => {
    const body = multipart(fields(name), file);
    return t.app.inject({ method: "POST", url: "/api/food/add", payload: body.payload, headers: { ...body.headers, ...admin } });
  };
  const edit = (id: string, name: string, file?: FilePart) => {
    const body = multipart(fields(name), file);
    return t.app.inject({ method: "PUT", url: `/api/food/edit/${id}`, payload: body.payload, headers: { ...body.headers, ...admin } });
  };
  const rows = () => t.database.db.select({ id: foodItems.id, image: foodItems.image, name: foodItems.name }).from(foodItems);

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ seed: true, env: s3.env });
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    png = { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes(1600, 1200) };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("puts the demo catalogue's pictures, every width, into the bucket on first start (nothing on the server's disk)", async () => {
    const keys = await s3.keys();
    expect(keys).toHaveLength(DEMO_SWEETS.length * (IMAGE_WIDTHS.length + 1));
    for (const sweet of DEMO_SWEETS) for (const file of imageFiles(`demo-${sweet.slug}.webp`)) expect(keys).toContain(file);
  });

  it("streams a picture from the bucket with a year's immutable caching, its ETag, and 304 for a cache that has it", async () => {
    const name = imageVariant("demo-jalebi.webp", 320);
    const res = await t.app.inject({ method: "GET", url: `/images/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe(YEAR_IMMUTABLE);
    expect(res.rawPayload.equals(readFileSync(path.join(t.env.demoImagesDir, name)))).toBe(true);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.headers.etag).toBeTruthy();

    const again = await t.app.inject({ method: "GET", url: `/images/${name}`, headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await t.app.inject({ method: "HEAD", url: `/images/${name}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
  });

  it("answers 404 for a picture the bucket does not have, and for names that are not picture names", async () => {
    for (const url of ["/images/no-such-picture.webp", "/images/..%2Fsecret", "/images/a/b.webp", "/images/.hidden"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(jsonOf(res).success).toBe(false);
    }
  });

  it("stores an upload in every width in the bucket, and serves each one that wide", async () => {
    const res = await add("Badam Barfi");
    expect(res.statusCode).toBe(200);
    const item = jsonOf<{ data: FoodItem }>(res).data;
    const keys = await s3.keys();
    for (const file of imageFiles(item.image)) expect(keys).toContain(file);
    for (const width of IMAGE_WIDTHS) {
      const served = await t.app.inject({ method: "GET", url: `/images/${imageVariant(item.image, width)}` });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    expect((await sharp((await t.app.inject({ method: "GET", url: `/images/${item.image}` })).rawPayload).metadata()).width).toBe(1280);
  });

  it("replaces a picture: the new files are in the bucket, the old ones (shown by no order) are gone", async () => {
    const item = jsonOf<{ data: FoodItem }>(await add("Pista Barfi")).data;
    const res = await edit(item._id, "Pista Barfi", { ...png, bytes: await pngBytes(800, 600) });
    expect(res.statusCode).toBe(200);
    const after = jsonOf<{ data: FoodItem }>(res).data;
    expect(after.image).not.toBe(item.image);
    const keys = await s3.keys();
    for (const file of imageFiles(after.image)) expect(keys).toContain(file);
    for (const file of imageFiles(item.image)) expect(keys).not.toContain(file);
    expect((await t.app.inject({ method: "GET", url: `/images/${item.image}` })).statusCode).toBe(404);
  });

  describe("while the store is down", () => {
    let keysBefore: string[];
    let rowsBefore: Awaited<ReturnType<typeof rows>>;
    beforeAll(async () => {
      keysBefore = await s3.keys();
      rowsBefore = await rows();
      await s3.stop();
    });
    afterAll(() => s3.start());

    it("an upload answers 503 with a message, and no item is added", async () => {
      const res = await add("Kesar Barfi");
      expect(res.statusCode).toBe(503);
      expect(jsonOf(res).message).toMatch(/picture store is not answering.*Nothing was changed/);
      expect(JSON.stringify(jsonOf(res))).not.toMatch(/ECONNREFUSED|s3rver|127\.0\.0\.1|at /);
      expect(await rows()).toEqual(rowsBefore);
    });

    it("an edit with a new picture answers 503 and keeps the item and its picture as they were", async () => {
      const item = rowsBefore.find((row) => row.name === "Pista Barfi")!;
      const res = await edit(item.id, "Pista Barfi Deluxe", png);
      expect(res.statusCode).toBe(503);
      const [now] = await t.database.db.select({ image: foodItems.image, name: foodItems.name }).from(foodItems).where(eq(foodItems.id, item.id));
      expect(now).toEqual({ image: item.image, name: "Pista Barfi" });
    });

    it("a picture asked for answers 503 with a message (not a 404 a cache would keep)", async () => {
      const res = await t.app.inject({ method: "GET", url: `/images/${rowsBefore[0]!.image}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers["cache-control"]).toBeUndefined();
      expect(jsonOf(res).message).toMatch(/picture store is not answering/);
    });

    it("an edit without a new picture still works (the bucket is not needed)", async () => {
      const item = rowsBefore.find((row) => row.name === "Badam Barfi")!;
      const res = await edit(item.id, "Badam Barfi");
      expect(res.statusCode).toBe(200);
    });

    it("once the store is back, nothing was half-written: the bucket holds exactly what it held before", async () => {
      await s3.start();
      expect(await s3.keys()).toEqual(keysBefore);
    });
  });
});

describe("pictures at a public bucket or CDN address (IMAGES_PUBLIC_URL)", () => {
  let s3: TestS3;
  let t: TestApp;
  const publicUrl = "https://pictures.example-cdn.in/mithai";

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ seed: true, env: { ...s3.env, IMAGES_PUBLIC_URL: `${publicUrl}/` }, webDistDir: writeWebClientFixture() });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("redirects /images/* there (old links keep working)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/images/demo-jalebi-640w.webp" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${publicUrl}/demo-jalebi-640w.webp`);
  });

  it("points pages there directly: the product preload, its Open Graph picture and the storefront's base", async () => {
    const res = await t.app.inject({ method: "GET", url: "/product/jalebi" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${publicUrl}/demo-jalebi-640w.webp"`);
    expect(res.body).toContain(`content="${publicUrl}/demo-jalebi.webp"`);
    expect(res.body).toContain(`<meta name="images-base" content="${publicUrl}" />`);
    expect(res.body).not.toContain('"/images/');
  });
});
