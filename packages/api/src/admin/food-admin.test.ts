import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { cartItems, foodItems, orders } from "@mithai/db/schema";
import { count, eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { foodItemInputSchema } from "@mithai/schema";
import { createCatalogCache } from "../catalog/cache";
import { createDiskImageStore, pictureStoreDown, type ImageStore } from "../catalog/image-store";
import { imageFiles } from "../catalog/images";
import type { Logger } from "../context";
import { appErrorOf, losslessWebpHeader, silentLog, testAddress } from "../testing";
import { addFoodItem, checkFoodItem, editFoodItem, removeFoodItem } from "./food-admin";
import { availableSlug } from "./slugs";

// The real slug rule, spied on so a test can make a just-checked slug be taken by the time the row is written.
vi.mock("./slugs", async (importOriginal) => {
  const real = await importOriginal<typeof import("./slugs")>();
  return { ...real, availableSlug: vi.fn(real.availableSlug) };
});

/** The admin's catalogue writes (add, edit, remove and the dry run's check), called directly with a picture store of their own. */
const imagesDir = mkdtempSync(path.join(tmpdir(), "mithai-food-admin-"));
let database: DbHandle;
let deps: { db: DbHandle["db"]; catalog: ReturnType<typeof createCatalogCache>; images: ImageStore; log: Logger };
let customerId: string;
let picture: Buffer;

const FAQ = [
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
];

/** The add and edit forms' fields as the contract passes them on (price in rupees in, paise out). */
const fields = (overrides: Record<string, unknown> = {}) =>
  foodItemInputSchema.parse({
    name: "Badam Barfi",
    description: "Almond fudge made in small batches.",
    price: "899.5",
    category: "Festive Sweets",
    ingredients: "Almonds, sugar, ghee",
    benefits: "Rich in good fats",
    faq: JSON.stringify(FAQ),
    ...overrides,
  });

const files = () => readdirSync(imagesDir).sort();
const itemCount = async () => (await database.db.select({ n: count() }).from(foodItems))[0]!.n;
const stored = async (id: string) => (await database.db.select().from(foodItems).where(eq(foodItems.id, id)))[0]!;
/** Sets an item's updatedAt far back, so a write that bumps it shows. */
const ageItem = async (id: string) => {
  const long = new Date("2020-01-01T00:00:00Z");
  await database.db.update(foodItems).set({ updatedAt: long }).where(eq(foodItems.id, id));
  return long;
};
const unknownId = "00000000-0000-4000-8000-000000000000";
const notFound = { code: "NOT_FOUND", message: "Food item not found" };

beforeAll(async () => {
  database = await createTestDb();
  deps = {
    db: database.db,
    catalog: createCatalogCache(database.db, async () => async () => {}),
    images: createDiskImageStore(imagesDir),
    log: silentLog,
  };
  customerId = await insertTestUser(database.db);
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await database.close();
  rmSync(imagesDir, { recursive: true, force: true });
});

describe("addFoodItem", () => {
  it("stores the item in paise with a slug from its name and its picture in every width, and refreshes the storefront's catalogue", async () => {
    const before = await deps.catalog.snapshot();
    const item = await addFoodItem(deps, fields({ metaTitle: "Badam Barfi | Mithai", stockKg: "12" }), picture);

    expect(item).toMatchObject({
      slug: "badam-barfi",
      name: "Badam Barfi",
      price: 899.5,
      category: "Festive Sweets",
      faq: FAQ,
      metaTitle: "Badam Barfi | Mithai",
      metaKeywords: "",
      hsn: "21069099",
      gstRate: 5,
      stockKg: 12,
      soldOut: false,
    });
    expect(await stored(item._id)).toMatchObject({ pricePaise: 89_950, slug: "badam-barfi", image: item.image, removedAt: null });
    expect(item.image).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(files()).toEqual(expect.arrayContaining(imageFiles(item.image)));
    const [main] = readdirSync(imagesDir).filter((f) => f === item.image);
    expect((await sharp(path.join(imagesDir, main!)).metadata()).format).toBe("webp");

    // The catalogue read before the write is dropped: the next read has the item.
    const after = await deps.catalog.snapshot();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.adminItems.find((entry) => entry.slug === "badam-barfi")).toEqual(item);
    expect(before.byId.has(item._id)).toBe(false);
  });

  it("keeps the HSN code, GST rate and untracked stock it is given", async () => {
    const boxed = await addFoodItem(deps, fields({ name: "Dry Fruit Box", hsn: "08013210", gstRate: "12", stockKg: "" }), picture);
    expect(boxed).toMatchObject({ hsn: "08013210", gstRate: 12, stockKg: null, soldOut: false });
    const soldOut = await addFoodItem(deps, fields({ name: "Sold Out Peda", stockKg: 0 }), picture);
    expect(soldOut).toMatchObject({ stockKg: 0, soldOut: true });
  });

  it("refuses an item without a picture, or with one that is not a picture, leaving no row and no file", async () => {
    const before = { files: files(), items: await itemCount() };
    expect(await appErrorOf(addFoodItem(deps, fields({ name: "No Picture" }), undefined))).toMatchObject({ code: "VALIDATION", message: "Image is required" });
    expect(await appErrorOf(addFoodItem(deps, fields({ name: "Text Picture" }), Buffer.from("just some text, not a picture")))).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Image must be a JPEG, PNG, WebP or AVIF picture",
    });
    expect(await appErrorOf(addFoodItem(deps, fields({ name: "Bomb Picture" }), losslessWebpHeader(16383, 16383)))).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Image must be at most 40 megapixels",
    });
    expect({ files: files(), items: await itemCount() }).toEqual(before);
  });

  it("removes the stored picture again when the row cannot be written (a name with no letters needs a typed slug)", async () => {
    const before = { files: files(), items: await itemCount() };
    expect(await appErrorOf(addFoodItem(deps, fields({ name: "!!! ???" }), picture))).toMatchObject({
      code: "VALIDATION",
      message: "Slug is required when the name has no letters or digits",
    });
    expect({ files: files(), items: await itemCount() }).toEqual(before);
    expect((await addFoodItem(deps, fields({ name: "!!! ???", slug: "question-box" }), picture)).slug).toBe("question-box");
  });
});

describe("slugs of added and edited items", () => {
  it("gives a taken slug the first free numeric suffix, made from the name or typed, and a removed item's slug to the next item", async () => {
    const first = await addFoodItem(deps, fields({ name: "Kaju Katli" }), picture);
    expect(first.slug).toBe("kaju-katli");
    expect((await addFoodItem(deps, fields({ name: "Kaju Katli" }), picture)).slug).toBe("kaju-katli-2");
    expect((await addFoodItem(deps, fields({ name: "Another", slug: "kaju-katli" }), picture)).slug).toBe("kaju-katli-3");
    expect((await addFoodItem(deps, fields({ name: "Custom", slug: "  my-own-slug " }), picture)).slug).toBe("my-own-slug");

    await removeFoodItem(deps, first._id);
    expect((await addFoodItem(deps, fields({ name: "Kaju Katli" }), picture)).slug).toBe("kaju-katli");
  });

  it("keeps an item's own slug when it is edited, and moves it to a free one when another item's is asked for", async () => {
    const mine = await addFoodItem(deps, fields({ name: "Self Slug" }), picture);
    const other = await addFoodItem(deps, fields({ name: "Other Slug" }), picture);
    expect((await editFoodItem(deps, mine._id, fields({ name: "Self Slug", slug: "self-slug", price: 10 }), undefined)).slug).toBe("self-slug");
    expect((await editFoodItem(deps, mine._id, fields({ name: "Self Slug", slug: other.slug }), undefined)).slug).toBe("other-slug-2");
    expect((await stored(other._id)).slug).toBe("other-slug");
  });

  it("gives items saved at the same moment with the same name different slugs", async () => {
    const saved = await Promise.all([1, 2, 3].map(() => addFoodItem(deps, fields({ name: "Rush Hour Peda" }), picture)));
    expect(saved.map((item) => item.slug).sort()).toEqual(["rush-hour-peda", "rush-hour-peda-2", "rush-hour-peda-3"]);
  });

  it("tries the next free slug when the one it checked is taken before its row is written, and gives up after three tries", async () => {
    const taken = await addFoodItem(deps, fields({ name: "Taken Meanwhile" }), picture);
    const slugCheck = vi.mocked(availableSlug);

    // The first check misses the other admin's save; the second sees it.
    slugCheck.mockClear().mockResolvedValueOnce(taken.slug);
    const second = await addFoodItem(deps, fields({ name: "Taken Meanwhile" }), picture);
    expect(second.slug).toBe("taken-meanwhile-2");
    expect(slugCheck).toHaveBeenCalledTimes(2);

    const before = { files: files(), items: await itemCount() };
    slugCheck.mockClear().mockResolvedValueOnce(taken.slug).mockResolvedValueOnce(taken.slug).mockResolvedValueOnce(taken.slug);
    expect(await appErrorOf(addFoodItem(deps, fields({ name: "Taken Meanwhile" }), picture))).toMatchObject({
      code: "ALREADY_EXISTS",
      message: "That slug was just taken; please save again",
    });
    expect(slugCheck).toHaveBeenCalledTimes(3);
    expect({ files: files(), items: await itemCount() }).toEqual(before);

    // An edit gives up the same way, keeping the item and its picture as they were.
    const row = await stored(second._id);
    slugCheck.mockClear().mockResolvedValueOnce(taken.slug).mockResolvedValueOnce(taken.slug).mockResolvedValueOnce(taken.slug);
    expect(await appErrorOf(editFoodItem(deps, second._id, fields({ name: "Renamed" }), picture))).toMatchObject({ code: "ALREADY_EXISTS" });
    expect(await stored(second._id)).toEqual(row);
    expect(files()).toEqual(before.files);
  });
});

describe("editFoodItem", () => {
  it("without a picture changes the fields, keeps the picture, HSN, GST rate and stock it was not given, and bumps updatedAt and the catalogue", async () => {
    const item = await addFoodItem(deps, fields({ name: "Edit Me", hsn: "08013210", gstRate: "12", stockKg: "7" }), picture);
    const long = await ageItem(item._id);
    const before = await deps.catalog.snapshot();

    const edited = await editFoodItem(deps, item._id, fields({ name: "Edit Me", price: "450.25", metaKeywords: "barfi, almond", category: "Flour Sweets" }), undefined);
    expect(edited).toEqual({ ...item, price: 450.25, metaKeywords: "barfi, almond", category: "Flour Sweets" });
    const row = await stored(item._id);
    expect(row).toMatchObject({ pricePaise: 45_025, image: item.image, hsn: "08013210", gstRate: 12, stockKg: 7 });
    expect(row.updatedAt.getTime()).toBeGreaterThan(long.getTime());
    expect(files()).toEqual(expect.arrayContaining(imageFiles(item.image)));

    const after = await deps.catalog.snapshot();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.adminById.get(item._id)).toEqual(edited);
  });

  it("sets the stock: a number tracks it (0 is sold out), null stops tracking", async () => {
    const item = await addFoodItem(deps, fields({ name: "Limited Peda", stockKg: "12" }), picture);
    expect(await editFoodItem(deps, item._id, fields({ name: "Limited Peda", stockKg: "0" }), undefined)).toMatchObject({ stockKg: 0, soldOut: true });
    expect(await editFoodItem(deps, item._id, fields({ name: "Limited Peda" }), undefined)).toMatchObject({ stockKg: 0, soldOut: true });
    expect(await editFoodItem(deps, item._id, fields({ name: "Limited Peda", stockKg: "" }), undefined)).toMatchObject({ stockKg: null, soldOut: false });
    expect((await stored(item._id)).stockKg).toBeNull();
    expect(await editFoodItem(deps, item._id, fields({ name: "Limited Peda", stockKg: 40 }), undefined)).toMatchObject({ stockKg: 40, soldOut: false });
  });

  it("with a new picture replaces it and deletes the old picture's files", async () => {
    const item = await addFoodItem(deps, fields({ name: "New Picture" }), picture);
    const edited = await editFoodItem(deps, item._id, fields({ name: "New Picture" }), picture);
    expect(edited.image).not.toBe(item.image);
    expect((await stored(item._id)).image).toBe(edited.image);
    expect(files()).toEqual(expect.arrayContaining(imageFiles(edited.image)));
    for (const file of imageFiles(item.image)) expect(files()).not.toContain(file);
  });

  it("with a new picture keeps the old picture's files while an order shows them", async () => {
    const item = await addFoodItem(deps, fields({ name: "Ordered Picture" }), picture);
    await database.db.insert(orders).values({
      userId: customerId,
      items: [{ foodItemId: item._id, name: item.name, quantity: 1, unitPricePaise: 89_950, image: item.image }],
      subtotalPaise: 89_950,
      amountPaise: 89_950,
      address: testAddress,
    });
    const edited = await editFoodItem(deps, item._id, fields({ name: "Ordered Picture" }), picture);
    expect(edited.image).not.toBe(item.image);
    expect(files()).toEqual(expect.arrayContaining([...imageFiles(item.image), ...imageFiles(edited.image)]));
  });

  it("saves the edit when the old picture cannot be deleted, and logs it", async () => {
    const item = await addFoodItem(deps, fields({ name: "Stuck Picture" }), picture);
    const warn = vi.fn();
    const store: ImageStore = {
      ...deps.images,
      async delete() {
        throw pictureStoreDown();
      },
    };
    const edited = await editFoodItem({ ...deps, images: store, log: { ...silentLog, warn } }, item._id, fields({ name: "Stuck Picture", price: 20 }), picture);
    expect(await stored(item._id)).toMatchObject({ image: edited.image, pricePaise: 2_000 });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ image: item.image }), "old picture not deleted");
    expect(files()).toEqual(expect.arrayContaining(imageFiles(item.image)));
  });

  it("refuses a bad picture or an unusable name without touching the item or leaving files", async () => {
    const item = await addFoodItem(deps, fields({ name: "Stay Same" }), picture);
    const row = await stored(item._id);
    const before = files();
    expect(await appErrorOf(editFoodItem(deps, item._id, fields({ name: "Stay Same" }), Buffer.from("nope")))).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    // The new picture is stored before the slug is checked, and removed again when the slug is refused.
    expect(await appErrorOf(editFoodItem(deps, item._id, fields({ name: "---" }), picture))).toMatchObject({
      code: "VALIDATION",
      message: "Slug is required when the name has no letters or digits",
    });
    expect(await stored(item._id)).toEqual(row);
    expect(files()).toEqual(before);
  });

  it("answers not found for an unknown, malformed or removed item, storing no picture", async () => {
    const removed = await addFoodItem(deps, fields({ name: "Gone Already" }), picture);
    await removeFoodItem(deps, removed._id);
    const before = files();
    for (const id of [unknownId, "nope", removed._id]) {
      expect(await appErrorOf(editFoodItem(deps, id, fields({ name: "Anything" }), picture))).toMatchObject(notFound);
    }
    expect(files()).toEqual(before);
    expect((await stored(removed._id)).name).toBe("Gone Already");
  });
});

describe("removeFoodItem", () => {
  it("takes the item off the storefront and out of every cart, frees its slug, bumps updatedAt, and keeps its row, picture and past orders", async () => {
    const item = await addFoodItem(deps, fields({ name: "Short Lived" }), picture);
    const [keptId] = (await insertTestFoodItems(database.db, 1)) as [string];
    const otherCustomer = await insertTestUser(database.db, "Other Customer");
    await database.db.insert(cartItems).values([
      { userId: customerId, foodItemId: item._id, quantity: 2 },
      { userId: otherCustomer, foodItemId: item._id, quantity: 1 },
      { userId: customerId, foodItemId: keptId, quantity: 3 },
    ]);
    const [order] = await database.db
      .insert(orders)
      .values({
        userId: customerId,
        items: [{ foodItemId: item._id, name: item.name, quantity: 2, unitPricePaise: 89_950, image: item.image }],
        subtotalPaise: 179_900,
        amountPaise: 179_900,
        address: testAddress,
      })
      .returning();
    const long = await ageItem(item._id);
    const before = await deps.catalog.snapshot();
    expect(before.byId.has(item._id)).toBe(true);

    await removeFoodItem(deps, item._id);

    const row = await stored(item._id);
    expect(row.removedAt).toBeInstanceOf(Date);
    expect(row.updatedAt.getTime()).toBeGreaterThan(long.getTime());
    expect(row).toMatchObject({ name: "Short Lived", slug: "short-lived", image: item.image });
    const after = await deps.catalog.snapshot();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.byId.has(item._id)).toBe(false);
    expect(after.bySlug.has("short-lived")).toBe(false);
    expect(await database.db.select({ userId: cartItems.userId, foodItemId: cartItems.foodItemId, quantity: cartItems.quantity }).from(cartItems)).toEqual([
      { userId: customerId, foodItemId: keptId, quantity: 3 },
    ]);
    expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]).toEqual(order);
    expect(files()).toEqual(expect.arrayContaining(imageFiles(item.image)));

    // Removed once: a second removal, an edit and the dry run's check find nothing; the slug goes to the next item.
    expect(await appErrorOf(removeFoodItem(deps, item._id))).toMatchObject(notFound);
    expect(await appErrorOf(checkFoodItem(database.db, item._id))).toMatchObject(notFound);
    expect((await addFoodItem(deps, fields({ name: "Short Lived" }), picture)).slug).toBe("short-lived");
  });

  it("answers not found for an unknown or malformed id, changing nothing", async () => {
    const before = await deps.catalog.snapshot();
    for (const id of [unknownId, "not-a-uuid"]) expect(await appErrorOf(removeFoodItem(deps, id))).toMatchObject(notFound);
    expect(await deps.catalog.snapshot()).toBe(before);
  });
});

describe("checkFoodItem", () => {
  it("passes a new item (no id) and one on sale, and refuses any other id", async () => {
    const [onSale] = (await insertTestFoodItems(database.db, 1)) as [string];
    await expect(checkFoodItem(database.db, undefined)).resolves.toBeUndefined();
    await expect(checkFoodItem(database.db, onSale)).resolves.toBeUndefined();
    for (const id of [unknownId, "nope", ""]) expect(await appErrorOf(checkFoodItem(database.db, id))).toMatchObject(notFound);
  });
});
