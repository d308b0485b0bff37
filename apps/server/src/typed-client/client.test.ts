import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, insertOrders, pngBytes } from "../rest/admin-fixtures";
import { createTestApp, type TestApp } from "../testing";
import { createMithaiClient, exportOrdersCsv, foodItemForm, signIn, signInAdmin, toMithaiError, type FoodItemFields, type MithaiClient } from "../../../../packages/client/src/index";

const fields = (overrides: Partial<FoodItemFields> = {}): FoodItemFields => ({
  name: "Badam Barfi",
  description: "Almond fudge made in small batches.",
  price: 899.5,
  category: "Festive Sweets",
  ingredients: "Almonds, sugar, ghee",
  benefits: "Rich in good fats",
  faq: [
    { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
    { question: "Is it vegetarian?", answer: "Yes." },
  ],
  ...overrides,
});

const picture = async () => new Blob([new Uint8Array(await pngBytes())], { type: "image/png" });

/** The typed client over real HTTP against the app: the admin's whole catalogue and orders work in tRPC. */
describe("typed client against a running shop", () => {
  let t: TestApp;
  let url: string;
  let admin: MithaiClient;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // The first admin may register themselves (DECISIONS "Accounts").
    await createMithaiClient({ url }).auth.register.mutate({ name: "Kitchen", email: "kitchen@example.in", password: "correct horse", role: "admin" });
    admin = (await signInAdmin({ url, email: "kitchen@example.in", password: "correct horse" })).client;
  });
  afterAll(() => t.close());

  it("adds an item with its picture as FormData, edits it with and without a new picture", async () => {
    const before = readdirSync(t.env.imagesDir).length;
    const added = await admin.admin.addFood.mutate(foodItemForm(fields(), await picture()));
    expect(added).toMatchObject({ name: "Badam Barfi", slug: "badam-barfi", price: 899.5, hsn: "21069099", gstRate: 5 });
    expect(readdirSync(t.env.imagesDir).length).toBe(before + 4);
    expect(await createMithaiClient({ url }).catalog.bySlug.query({ slug: "badam-barfi" })).toMatchObject({ _id: added._id, image: added.image });

    const kept = await admin.admin.editFood.mutate(foodItemForm(fields({ price: "950", gstRate: 12 }), null, added._id));
    expect(kept).toMatchObject({ price: 950, gstRate: 12, image: added.image });
    const replaced = await admin.admin.editFood.mutate(foodItemForm(fields(), await picture(), added._id));
    expect(replaced.image).not.toBe(added.image);
    expect(readdirSync(t.env.imagesDir)).not.toContain(added.image);

    await admin.admin.removeFood.mutate({ id: added._id });
    await expect(createMithaiClient({ url }).catalog.bySlug.query({ slug: "badam-barfi" })).rejects.toMatchObject({ data: { httpStatus: 404 } });
  });

  it("refuses a bad form with the field named, and changes nothing", async () => {
    const files = readdirSync(t.env.imagesDir).length;
    const noPicture = toMithaiError(await admin.admin.addFood.mutate(foodItemForm(fields())).catch((e: unknown) => e));
    expect(noPicture).toMatchObject({ status: 400, message: "Image is required" });
    const badPrice = toMithaiError(await admin.admin.addFood.mutate(foodItemForm(fields({ price: "abc" }), await picture())).catch((e: unknown) => e));
    expect(badPrice.status).toBe(400);
    expect(badPrice.fieldErrors.map((error) => error.path)).toContain("price");
    const notAPicture = toMithaiError(await admin.admin.addFood.mutate(foodItemForm(fields(), new Blob(["hello"]))).catch((e: unknown) => e));
    expect(notAPicture.status).toBe(415);
    const json = toMithaiError(await admin.admin.addFood.mutate({} as FormData).catch((e: unknown) => e));
    expect(json).toMatchObject({ status: 400, message: expect.stringContaining("multipart/form-data") });
    expect(readdirSync(t.env.imagesDir).length).toBe(files);
  });

  it("reads no form from anyone but an admin, and takes forms only where a procedure wants one", async () => {
    const customer = await createAccount(t.database.db, "user");
    const asCustomer = createMithaiClient({ url, token: customer.token });
    expect(toMithaiError(await asCustomer.admin.addFood.mutate(foodItemForm(fields(), await picture())).catch((e: unknown) => e))).toMatchObject({ status: 403 });
    expect(toMithaiError(await createMithaiClient({ url }).admin.addFood.mutate(foodItemForm(fields(), await picture())).catch((e: unknown) => e))).toMatchObject({ status: 401 });
    const form = foodItemForm(fields());
    const res = await fetch(`${url}/trpc/admin.removeFood`, { method: "POST", body: form, headers: { authorization: `Bearer ${(await signIn({ url, email: "kitchen@example.in", password: "correct horse" })).token}` } });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ message: "Send tRPC input as JSON" });
  });

  it("pages the orders export into the same CSV the download streams", async () => {
    const customer = await createAccount(t.database.db, "user");
    await insertOrders(t.database.db, Array.from({ length: 1203 }, (_, i) => ({ userId: customer.id, createdAt: new Date(Date.now() - i * 60_000) })));
    let pages = 0;
    let csv = "";
    for await (const page of exportOrdersCsv(admin)) {
      pages++;
      csv += page;
    }
    expect(pages).toBe(3);
    const download = await fetch(`${url}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${(await signIn({ url, email: "kitchen@example.in", password: "correct horse" })).token}` } });
    // text() would drop the byte-order mark the export starts with: compare what was really sent.
    expect(csv).toBe(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await download.arrayBuffer()));
    expect(csv.trim().split("\r\n")).toHaveLength(1204);
  });

  it("answers typed errors with the HTTP status and the server's words", async () => {
    const wrong = toMithaiError(await signIn({ url, email: "kitchen@example.in", password: "wrong password" }).catch((e: unknown) => e));
    expect(wrong.status).toBe(401);
    expect(toMithaiError(await createMithaiClient({ url: "http://127.0.0.1:9" }).catalog.list.query().catch((e: unknown) => e))).toMatchObject({ status: 0, code: "NETWORK" });
    const sales = await admin.admin.todaySales.query();
    expect(sales.orders).toBeGreaterThan(0);
    expect(typeof sales.revenue).toBe("number");
  });
});
