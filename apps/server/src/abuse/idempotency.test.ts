import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetOldIdempotencyKeys } from "@mithai/api";
import { foodItems, idempotentRequests, refunds } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import { createMithaiClient, foodItemForm, type FoodItemFields, type MithaiClient } from "../../../../packages/client/src/index";
import { createCheckoutApp, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, verifyVia } from "../checkout/fixtures";
import { bearer, createAccount, multipart, pngBytes, type FilePart } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";

const FAQ = [
  { question: "How long does it keep?", answer: "Two weeks in an airtight box." },
  { question: "Is it vegetarian?", answer: "Yes." },
];
const restFields = (name: string) => ({ name, description: "Cashew fudge.", price: "899.5", category: "Festive Sweets", ingredients: "Cashews", benefits: "Joy", faq: JSON.stringify(FAQ) });
const typedFields = (name: string): FoodItemFields => ({ name, description: "Cashew fudge.", price: 899.5, category: "Festive Sweets", ingredients: "Cashews", benefits: "Joy", faq: FAQ });

/** An `Idempotency-Key` makes a retried admin add or refund answer the first result and change nothing (issue 26). */
describe("Idempotency-Key", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let png: FilePart;
  let url: string;
  let client: MithaiClient;
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
    png = { field: "image", filename: "barfi.png", contentType: "image/png", bytes: await pngBytes() };
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    client = createMithaiClient({ url, token: admin.token });
  });
  afterAll(() => t.close());

  const itemsNamed = async (name: string) => (await t.database.db.select({ id: foodItems.id }).from(foodItems).where(eq(foodItems.name, name))).length;
  const restAdd = (name: string, key?: string) => {
    const body = multipart(restFields(name), png);
    return t.app.inject({ method: "POST", url: "/api/food/add", payload: body.payload, headers: { ...body.headers, ...bearer(admin.token), ...(key ? { "idempotency-key": key } : {}) } });
  };

  it("REST POST /api/food/add: the same key again answers the first item and adds nothing; another key adds", async () => {
    const first = await restAdd("Test Kaju Roll", "add-kaju-1");
    expect(first.statusCode).toBe(200);
    const again = await restAdd("Test Kaju Roll", "add-kaju-1");
    expect(again.statusCode).toBe(200);
    expect(jsonOf(again)).toEqual(jsonOf(first));
    expect(await itemsNamed("Test Kaju Roll")).toBe(1);
    expect((await restAdd("Test Kaju Roll", "add-kaju-2")).statusCode).toBe(200);
    expect(await itemsNamed("Test Kaju Roll")).toBe(2);
  });

  it("sent twice at once with one key: one item", async () => {
    const answers = await Promise.all([restAdd("Test Soan Cake", "add-soan"), restAdd("Test Soan Cake", "add-soan"), restAdd("Test Soan Cake", "add-soan")]);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    for (const res of answers.filter((res) => res.statusCode === 409)) expect(jsonOf(res)).toMatchObject({ code: "IDEMPOTENCY_KEY_IN_USE" });
    expect(await itemsNamed("Test Soan Cake")).toBe(1);
    expect(jsonOf((await restAdd("Test Soan Cake", "add-soan"))).data).toMatchObject({ name: "Test Soan Cake" });
    expect(await itemsNamed("Test Soan Cake")).toBe(1);
  });

  it("a key longer than 100 characters is refused with 400 and saves nothing", async () => {
    const res = await restAdd("Long Key Laddoo", "k".repeat(101));
    expect(res.statusCode).toBe(400);
    expect(await itemsNamed("Long Key Laddoo")).toBe(0);
  });

  it("after 24 hours the key is forgotten: the same key adds again", async () => {
    expect((await restAdd("Test Old Peda", "add-peda")).statusCode).toBe(200);
    await t.database.db.update(idempotentRequests).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotentRequests.key, "add-peda"));
    expect((await restAdd("Test Old Peda", "add-peda")).statusCode).toBe(200);
    expect(await itemsNamed("Test Old Peda")).toBe(2);
  });

  it("the reconciler's pass forgets answers older than 24 hours", async () => {
    await t.database.db.insert(idempotentRequests).values({ scope: "food.add", actorId: admin.id, key: "stale", answer: {}, createdAt: sql`now() - interval '25 hours'` });
    expect(await forgetOldIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select({ id: idempotentRequests.id }).from(idempotentRequests).where(eq(idempotentRequests.key, "stale"))).toEqual([]);
  });

  it("tRPC admin.addFood through the typed client: a key per add, and the caller's key for a retry", async () => {
    const picture = new Blob([new Uint8Array(png.bytes)], { type: "image/png" });
    const first = await client.admin.addFood.mutate(foodItemForm(typedFields("Test Rasgulla Cup"), picture), { context: { idempotencyKey: "retry-me" } });
    const retried = await client.admin.addFood.mutate(foodItemForm(typedFields("Test Rasgulla Cup"), picture), { context: { idempotencyKey: "retry-me" } });
    expect(retried._id).toBe(first._id);
    expect(await itemsNamed("Test Rasgulla Cup")).toBe(1);
    // Without one given, the client sends a fresh key: two adds are two items, and the shop kept both keys.
    const keysBefore = (await t.database.db.select({ id: idempotentRequests.id }).from(idempotentRequests)).length;
    await client.admin.addFood.mutate(foodItemForm(typedFields("Test Cham Box"), picture));
    await client.admin.addFood.mutate(foodItemForm(typedFields("Test Cham Box"), picture));
    expect(await itemsNamed("Test Cham Box")).toBe(2);
    expect((await t.database.db.select({ id: idempotentRequests.id }).from(idempotentRequests)).length).toBe(keysBefore + 2);
  });

  it("refunds: the same Idempotency-Key header on tRPC admin.refundOrder refunds once", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [2]);
    const placed = await placeOrderVia(t, buyer);
    expect(placed.status).toBe(200);
    expect((await verifyVia(t, buyer, (await payInSandboxWindow(t, placed.body)).response!)).status).toBe(200);
    const refund = () =>
      t.app.inject({
        method: "POST",
        url: "/trpc/admin.refundOrder",
        headers: { ...bearer(admin.token), "idempotency-key": "refund-once" },
        payload: { orderId: placed.body.orderId, amount: 100, reason: "One box was crushed" },
      });
    const first = await refund();
    expect(first.statusCode, first.body).toBe(200);
    const again = await refund();
    expect(again.statusCode).toBe(200);
    expect(jsonOf<{ result: { data: { refund: { _id: string } } } }>(again).result.data.refund._id).toBe(jsonOf<{ result: { data: { refund: { _id: string } } } }>(first).result.data.refund._id);
    expect(await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, placed.body.orderId))).toHaveLength(1);
  });
});
