import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAccount, multipart, pngBytes } from "../rest/admin-fixtures";
import { createTestApp, type TestApp } from "../testing";

/**
 * The form procedures (an item with its picture) through app.inject: its request is a plain stream, not Node's
 * IncomingMessage, and tRPC must still read the form from it (the typed client's test covers real HTTP).
 */
describe("tRPC form procedures through app.inject", () => {
  let t: TestApp;
  let adminToken: string;

  const FIELDS = {
    description: "Cashew fudge cut into diamonds.",
    price: "1249.5",
    category: "Festive Sweets",
    ingredients: "Cashews, sugar, ghee",
    benefits: "Keeps well",
    faq: JSON.stringify([
      { question: "How long does it keep?", answer: "Two weeks." },
      { question: "Is it vegetarian?", answer: "Yes." },
    ]),
  };
  const itemForm = (name: string) => multipart({ name, ...FIELDS });
  const withPicture = async (name: string) => multipart({ name, ...FIELDS }, { field: "image", filename: "kaju.png", contentType: "image/png", bytes: await pngBytes() });

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await createAccount(t.database.db, "admin")).token;
  });
  afterAll(() => t.close());

  it("adds an item with its picture, read from the injected request's stream", async () => {
    const images = readdirSync(t.env.imagesDir).length;
    const form = await withPicture("Kaju Katli Inject");
    const res = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: { ...form.headers, ...bearer(adminToken) }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const added = res.json<{ result: { data: { _id: string; slug: string; price: number; image: string } } }>().result.data;
    expect(added).toMatchObject({ slug: "kaju-katli-inject", price: 1249.5 });
    expect(readdirSync(t.env.imagesDir).length).toBeGreaterThan(images);

    const page = await t.app.inject({ method: "GET", url: `/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "kaju-katli-inject" }))}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ result: { data: { _id: added._id, image: added.image } } });
  });

  it("names the missing picture in a form without one, and adds nothing", async () => {
    const form = itemForm("Kaju Katli No Picture");
    const res = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: { ...form.headers, ...bearer(adminToken) }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: "Image is required" } });
    const page = await t.app.inject({ method: "GET", url: `/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "kaju-katli-no-picture" }))}` });
    expect(page.statusCode).toBe(404);
  });

  it("refuses a form from a customer or a visitor before reading it", async () => {
    const customer = await createAccount(t.database.db, "user");
    const form = await withPicture("Kaju Katli Refused");
    const asCustomer = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: { ...form.headers, ...bearer(customer.token) }, payload: form.payload });
    expect(asCustomer.statusCode).toBe(403);
    const asVisitor = await t.app.inject({ method: "POST", url: "/trpc/admin.addFood", headers: form.headers, payload: form.payload });
    expect(asVisitor.statusCode).toBe(401);
    const page = await t.app.inject({ method: "GET", url: `/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "kaju-katli-refused" }))}` });
    expect(page.statusCode).toBe(404);
  });
});
