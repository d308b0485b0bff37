import { readdirSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, foodItems, orders } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import type { AdminFoodItem, FoodItem } from "@mithai/schema";
import { losslessWebpHeader } from "@mithai/api/testing";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { bearer, createAccount, insertOrders, multipart, pngBytes, type FilePart } from "./admin-fixtures";

const FAQ = JSON.stringify([
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
]);

const validFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: "Badam Barfi",
  description: "Almond fudge made in small batches.",
  price: "899.5",
  category: "Festive Sweets",
  ingredients: "Almonds, sugar, ghee",
  benefits: "Rich in good fats",
  faq: FAQ,
  ...overrides,
});

describe("admin catalogue over REST", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let customerId: string;
  let png: FilePart;

  const imageFiles = () => readdirSync(t.env.imagesDir).sort();
  const itemCount = async () => (await t.database.db.select({ id: foodItems.id }).from(foodItems)).length;

  async function add(fields: Record<string, string>, file: FilePart | null = png, headers = admin) {
    const body = multipart(fields, file ?? undefined);
    return t.app.inject({ method: "POST", url: "/api/food/add", payload: body.payload, headers: { ...body.headers, ...headers } });
  }
  async function edit(id: string, fields: Record<string, string>, file?: FilePart, headers = admin) {
    const body = multipart(fields, file);
    return t.app.inject({ method: "PUT", url: `/api/food/edit/${id}`, payload: body.payload, headers: { ...body.headers, ...headers } });
  }
  const remove = (id: string, headers = admin) => t.app.inject({ method: "POST", url: "/api/food/remove", payload: { id }, headers });
  /** The added item as the storefront shows it (the admin's answer adds its `translations`). */
  const added = async (fields: Record<string, string>): Promise<FoodItem> => {
    const { translations: _translations, ...item } = jsonOf<{ data: AdminFoodItem }>(await add(fields)).data;
    return item;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    const account = await createAccount(t.database.db, "user");
    customer = bearer(account.token);
    customerId = account.id;
    png = { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes() };
  });
  afterAll(() => t.close());

  describe("refuses callers without an admin token, changing nothing", () => {
    it.each([
      ["no token", {}, 401],
      ["a customer token", "customer", 403],
      ["a customer token in the token header", "customer-header", 403],
      ["a forged token", { authorization: "Bearer not.a.jwt" }, 401],
    ])("%s", async (_name, who, status) => {
      const headers = who === "customer" ? customer : who === "customer-header" ? { token: customer.authorization!.slice(7) } : (who as Record<string, string>);
      const before = { files: imageFiles(), items: await itemCount() };
      const [first] = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
      for (const res of [await add(validFields(), png, headers), await edit(first!._id, validFields(), undefined, headers), await remove(first!._id, headers)]) {
        expect(res.statusCode).toBe(status);
        expect(jsonOf(res)).toMatchObject({ success: false });
      }
      expect({ files: imageFiles(), items: await itemCount() }).toEqual(before);
      expect((await t.app.inject(`/api/food/item/${first!._id}`)).statusCode).toBe(200);
    });

    it("accepts the admin token in the bare token header too", async () => {
      const res = await add(validFields({ name: "Token Header Barfi" }), png, { token: admin.authorization!.slice(7) });
      expect(res.statusCode).toBe(200);
    });
  });

  it("adds an item: stored in paise, slug from the name, picture re-encoded to WebP in every width, on the storefront at once", async () => {
    const res = await add(validFields({ metaTitle: "Badam Barfi | Mithai", googleTagHead: "<!-- head tag -->" }));
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ success: boolean; message: string; data: AdminFoodItem }>(res);
    expect(body).toMatchObject({ success: true, message: "Food item added successfully!" });
    expect(body.data).toMatchObject({ slug: "badam-barfi", price: 899.5, category: "Festive Sweets", metaTitle: "Badam Barfi | Mithai", metaKeywords: "" });
    const [row] = await t.database.db.select().from(foodItems).where(eq(foodItems.id, body.data._id));
    expect(row!.pricePaise).toBe(89950);
    expect(body.data.image).toMatch(/^[0-9a-f-]{36}\.webp$/);
    for (const file of [body.data.image, body.data.image.replace(".webp", "-320w.webp")]) {
      const image = await t.app.inject(`/images/${file}`);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    }
    const { translations, ...shown } = body.data;
    expect(translations).toEqual({});
    expect(jsonOf(await t.app.inject("/api/food/slug/badam-barfi"))).toEqual({ success: true, data: shown });
  });

  it("keeps each item's HSN code and GST rate for invoices: defaults when added without, kept when edited without (issue 17)", async () => {
    const plain = await added(validFields({ name: "Plain Peda" }));
    expect(plain).toMatchObject({ hsn: "21069099", gstRate: 5 });
    const boxed = await added(validFields({ name: "Dry Fruit Box", hsn: "08013210", gstRate: "12" }));
    expect(boxed).toMatchObject({ hsn: "08013210", gstRate: 12 });
    // An edit that does not send them (an older tool) keeps what the item has.
    const edited = await edit(boxed._id, validFields({ name: "Dry Fruit Box", price: "1200" }));
    expect(edited.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(foodItems).where(eq(foodItems.id, boxed._id));
    expect(row).toMatchObject({ hsn: "08013210", gstRate: 12, pricePaise: 120_000 });
    for (const [field, value, message] of [
      ["gstRate", "7", "gstRate: one of 0, 5, 12, 18, 28 (percent)"],
      ["hsn", "12ab", "hsn: an HSN code of 4 to 8 digits (sweetmeats: 21069099)"],
    ] as const) {
      const refused = await edit(boxed._id, validFields({ name: "Dry Fruit Box", [field]: value }));
      expect(refused.statusCode).toBe(400);
      expect(jsonOf(refused).message).toBe(message);
    }
    expect((await t.database.db.select().from(foodItems).where(eq(foodItems.id, boxed._id)))[0]).toMatchObject({ hsn: "08013210", gstRate: 12 });
  });

  it("sets stockKg from the item form: a number tracks it, empty stops tracking, left out keeps it (issue 18)", async () => {
    const tracked = await added(validFields({ name: "Limited Peda", stockKg: "12" }));
    expect(tracked).toMatchObject({ stockKg: 12, soldOut: false });
    const stockOf = async () => (await t.database.db.select().from(foodItems).where(eq(foodItems.id, tracked._id)))[0]!.stockKg;
    expect((await edit(tracked._id, validFields({ name: "Limited Peda" }))).statusCode).toBe(200);
    expect(await stockOf()).toBe(12);
    expect(jsonOf<{ data: FoodItem }>(await edit(tracked._id, validFields({ name: "Limited Peda", stockKg: "0" }))).data).toMatchObject({ stockKg: 0, soldOut: true });
    expect((await edit(tracked._id, validFields({ name: "Limited Peda", stockKg: "" }))).statusCode).toBe(200);
    expect(await stockOf()).toBeNull();
    const refused = await edit(tracked._id, validFields({ name: "Limited Peda", stockKg: "2.5" }));
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).message).toBe("stockKg: Stock must be whole kilograms from 0 to 100000, or empty when it is not tracked");
  });

  describe("validates every field (SPEC §5) and leaves nothing behind when it refuses", () => {
    it.each([
      ["no name", { name: "" }, "Name is required"],
      ["a blank description", { description: "   " }, "Description is required"],
      ["no ingredients", { ingredients: "" }, "Ingredients is required"],
      ["no benefits", { benefits: "" }, "Benefits is required"],
      ["an unknown category", { category: "Savouries" }, "Category must be one of"],
      ["a price that is not a number", { price: "abc" }, "Price must be a number"],
      ["a price below ₹1", { price: "0.99" }, "Price must be a number"],
      ["a price above ₹1,00,000", { price: "100000.01" }, "Price must be a number"],
      ["a price with 3 decimals", { price: "12.345" }, "Price must be a number"],
      ["a price in exponent notation", { price: "1e3" }, "Price must be a number"],
      ["FAQ that is not JSON", { faq: "{oops" }, "FAQ must be a list of exactly 2"],
      ["one FAQ pair", { faq: JSON.stringify([{ question: "q", answer: "a" }]) }, "FAQ must be a list of exactly 2"],
      ["three FAQ pairs", { faq: JSON.stringify([1, 2, 3].map(() => ({ question: "q", answer: "a" }))) }, "FAQ must be a list of exactly 2"],
      ["an empty FAQ answer", { faq: JSON.stringify([{ question: "q", answer: "a" }, { question: "q", answer: " " }]) }, "FAQ answer is required"],
      ["a slug that is not lower-case kebab", { slug: "Badam Barfi!" }, "Slug must be lower-case words joined by hyphens"],
      ["a meta title over 200 characters", { metaTitle: "x".repeat(201) }, "Meta title must be at most 200 characters"],
    ])("%s", async (_name, overrides, message) => {
      const before = { files: imageFiles(), items: await itemCount() };
      const res = await add(validFields(overrides));
      expect(res.statusCode).toBe(400);
      const body = jsonOf<{ success: boolean; message: string; errors: { path: string; message: string }[] }>(res);
      expect(body).toMatchObject({ success: false, message: expect.stringContaining(message) });
      // The answer names the field first (issue 20), and lists it among the failing fields.
      const field = Object.keys(overrides)[0]!;
      expect(body.message.startsWith(`${field}:`) || body.message.startsWith(`${field}.`)).toBe(true);
      expect(body.errors.some((error) => error.path.split(".")[0] === field)).toBe(true);
      expect({ files: imageFiles(), items: await itemCount() }).toEqual(before);
    });

    it("a missing required field", async () => {
      const { category: _omitted, ...fields } = validFields();
      const res = await add(fields);
      expect(res.statusCode).toBe(400);
      expect(jsonOf(res)).toMatchObject({ message: expect.stringContaining("Category") });
    });

    it("accepts prices at both ends of the range", async () => {
      expect((await added(validFields({ name: "Cheapest", price: "1" }))).price).toBe(1);
      expect((await added(validFields({ name: "Dearest", price: "100000.00" }))).price).toBe(100000);
    });
  });

  describe("checks the picture by its bytes", () => {
    it.each([
      ["no picture", null, 400, "VALIDATION", "Image is required"],
      ["a text file named .png", { field: "image", filename: "sweet.png", contentType: "image/png", bytes: Buffer.from("just some text, not a picture") }, 415, "UNSUPPORTED_MEDIA_TYPE", "JPEG, PNG, WebP or AVIF"],
      ["an SVG", { field: "image", filename: "s.svg", contentType: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>') }, 415, "UNSUPPORTED_MEDIA_TYPE", "JPEG, PNG, WebP or AVIF"],
      ["a picture over 20 MB", { field: "image", filename: "big.png", contentType: "image/png", bytes: Buffer.alloc(20 * 1024 * 1024 + 1, 1) }, 413, "PAYLOAD_TOO_LARGE", "20 MB"],
      ["a 10 KB WebP of 16383 × 16383 pixels", { field: "image", filename: "bomb.webp", contentType: "image/webp", bytes: losslessWebpHeader(16383, 16383) }, 413, "PAYLOAD_TOO_LARGE", "40 megapixels"],
    ])("refuses %s and leaves no file and no row", async (_name, file, status, code, message) => {
      const before = { files: imageFiles(), items: await itemCount() };
      const res = await add(validFields({ name: `Refused ${status}` }), file);
      expect(res.statusCode).toBe(status);
      expect(jsonOf(res)).toEqual({ success: false, code, message: expect.stringContaining(message), requestId: expect.any(String) });
      expect({ files: imageFiles(), items: await itemCount() }).toEqual(before);
    });

    it("accepts a 9.8 MB camera photo whole and keeps it re-encoded (issue 29: it was refused at 5 MB)", async () => {
      // Noise compresses badly: a 1920 × 1700 PNG of it is about 9.8 MB, as a phone's photo is.
      const noise = Buffer.alloc(1920 * 1700 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const bytes = await sharp(noise, { raw: { width: 1920, height: 1700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(bytes.length).toBeGreaterThan(9 * 1024 * 1024);
      const res = await add(validFields({ name: "Camera Photo Barfi" }), { field: "image", filename: "IMG_2041.png", contentType: "image/png", bytes });
      expect(res.statusCode, res.body).toBe(200);
      expect(jsonOf<{ data: FoodItem }>(res).data.image).toMatch(/\.webp$/);
    });

    it("refuses a request that is not multipart", async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/food/add", payload: validFields(), headers: admin });
      expect(res.statusCode).toBe(415);
    });
  });

  describe("slugs", () => {
    it("gives a taken slug the first free numeric suffix, whether made from the name or typed", async () => {
      expect((await added(validFields({ name: "Kaju Katli" }))).slug).toBe("kaju-katli-2");
      expect((await added(validFields({ name: "Another", slug: "kaju-katli" }))).slug).toBe("kaju-katli-3");
      expect((await added(validFields({ name: "Custom", slug: "  my-own-slug " }))).slug).toBe("my-own-slug");
    });

    it("gives items saved at the same moment with the same name different slugs", async () => {
      const saved = await Promise.all([1, 2, 3].map(() => added(validFields({ name: "Rush Hour Peda" }))));
      expect(saved.map((item) => item.slug).sort()).toEqual(["rush-hour-peda", "rush-hour-peda-2", "rush-hour-peda-3"]);
    });

    it("keeps an item's own slug when it is edited", async () => {
      const item = await added(validFields({ name: "Self Slug" }));
      const res = await edit(item._id, validFields({ name: "Self Slug", slug: "self-slug", price: "10" }));
      expect(jsonOf<{ data: FoodItem }>(res).data.slug).toBe("self-slug");
    });
  });

  describe("editing", () => {
    it("without a picture keeps the picture and changes the fields", async () => {
      const item = await added(validFields({ name: "Edit Me" }));
      const res = await edit(item._id, validFields({ name: "Edit Me", price: "450.25", metaKeywords: "barfi, almond" }));
      expect(res.statusCode).toBe(200);
      expect(jsonOf(res)).toMatchObject({ success: true, message: "Item updated successfully!" });
      const after = jsonOf<{ data: FoodItem }>(await t.app.inject(`/api/food/item/${item._id}`)).data;
      expect(after).toMatchObject({ image: item.image, price: 450.25, metaKeywords: "barfi, almond" });
      expect(imageFiles()).toContain(item.image);
    });

    it("with a new picture replaces it and deletes the old files", async () => {
      const item = await added(validFields({ name: "New Picture" }));
      const res = await edit(item._id, validFields({ name: "New Picture" }), { ...png, bytes: await pngBytes(80, 80) });
      const after = jsonOf<{ data: FoodItem }>(res).data;
      expect(after.image).not.toBe(item.image);
      expect(imageFiles().filter((f) => f.startsWith(item.image.replace(".webp", "")))).toEqual([]);
      expect(imageFiles()).toContain(after.image);
    });

    it("with a new picture keeps the old files while an order shows them", async () => {
      const item = await added(validFields({ name: "Ordered Picture" }));
      await insertOrders(t.database.db, [
        { userId: customerId, items: [{ foodItemId: item._id, name: item.name, quantity: 1, unitPricePaise: 89950, image: item.image }] },
      ]);
      const after = jsonOf<{ data: FoodItem }>(await edit(item._id, validFields({ name: "Ordered Picture" }), { ...png, bytes: await pngBytes(80, 80) })).data;
      expect(after.image).not.toBe(item.image);
      expect(imageFiles()).toContain(item.image);
      expect(imageFiles()).toContain(after.image);
    });

    it("refuses bad input and a bad picture without touching the item or its files", async () => {
      const item = await added(validFields({ name: "Stay Same" }));
      const before = imageFiles();
      expect((await edit(item._id, validFields({ price: "free" }))).statusCode).toBe(400);
      expect((await edit(item._id, validFields(), { ...png, bytes: Buffer.from("nope") })).statusCode).toBe(415);
      expect(jsonOf<{ data: FoodItem }>(await t.app.inject(`/api/food/item/${item._id}`)).data).toEqual(item);
      expect(imageFiles()).toEqual(before);
    });

    it.each([["an unknown id", "00000000-0000-4000-8000-000000000000"], ["a malformed id", "nope"]])("answers 404 for %s", async (_name, id) => {
      const before = imageFiles();
      const res = await edit(id, validFields(), png);
      expect(res.statusCode).toBe(404);
      expect(imageFiles()).toEqual(before);
    });
  });

  describe("removing", () => {
    it("takes the item off the storefront and carts, frees its slug, and keeps past orders and their picture intact", async () => {
      const item = await added(validFields({ name: "Short Lived" }));
      await t.database.db.insert(cartItems).values({ userId: customerId, foodItemId: item._id, quantity: 2 });
      const [orderId] = await insertOrders(t.database.db, [
        { userId: customerId, items: [{ foodItemId: item._id, name: item.name, quantity: 2, unitPricePaise: 89950, image: item.image }] },
      ]);
      const [orderBefore] = await t.database.db.select().from(orders).where(eq(orders.id, orderId!));

      const res = await remove(item._id);
      expect(res.statusCode).toBe(200);
      expect(jsonOf(res)).toEqual({ success: true, message: "Food item removed successfully!" });

      expect(jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data.map((i) => i._id)).not.toContain(item._id);
      expect((await t.app.inject("/api/food/slug/short-lived")).statusCode).toBe(404);
      expect((await t.app.inject(`/api/food/item/${item._id}`)).statusCode).toBe(404);
      expect(await t.database.db.select().from(cartItems).where(eq(cartItems.foodItemId, item._id))).toEqual([]);
      // A removed item is hidden, not destroyed: the order's picture is still served.
      expect(imageFiles()).toContain(item.image);
      expect((await t.app.inject(`/images/${item.image}`)).statusCode).toBe(200);
      const [orderAfter] = await t.database.db.select().from(orders).where(eq(orders.id, orderId!));
      expect(orderAfter).toEqual(orderBefore);

      expect((await added(validFields({ name: "Short Lived" }))).slug).toBe("short-lived");
      expect((await remove(item._id)).statusCode).toBe(404);
      expect((await edit(item._id, validFields())).statusCode).toBe(404);
    });

    it("answers 400 without an id and 404 for an unknown one", async () => {
      expect((await t.app.inject({ method: "POST", url: "/api/food/remove", payload: {}, headers: admin })).statusCode).toBe(400);
      expect((await remove("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    });
  });
});
