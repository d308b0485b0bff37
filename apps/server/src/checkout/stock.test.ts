import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abandonPendingOrder, paySandboxOrder, reconcilePendingOrders } from "@mithai/api";
import { asc, eq, sql } from "@mithai/db/sql";
import { foodItems, orders, refunds } from "@mithai/db/schema";
import type { FoodItem } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, createTwinApps, eventually, payInSandboxWindow, placeOrderVia, sendWebhook, testAddress, verifyVia } from "./fixtures";

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * Stock never oversells (issue 18): placing reserves, payment keeps, failure, abandonment and expiry give back, a late
 * payment takes the stock again or is refunded. On PostgreSQL (npm run test:db) the race is real concurrency.
 */
describe("stock", () => {
  let t: TestApp;
  let item: { id: string; name: string; slug: string };
  let admin: { token: string };
  beforeAll(async () => {
    t = await createCheckoutApp();
    [item] = (await t.database.db.select({ id: foodItems.id, name: foodItems.name, slug: foodItems.slug }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1)) as [typeof item];
    admin = await createAccount(t.database.db, "admin");
  });
  afterAll(() => t.close());

  const stockOf = async () => (await t.database.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, item.id)))[0]!.stockKg;
  const setStock = (stockKg: number | null | string) =>
    t.app.inject({ method: "PUT", url: `/api/admin/food/${item.id}/stock`, headers: bearer(admin.token), payload: { stockKg } });
  const listed = async () => jsonOf<{ data: FoodItem[] }>(await t.app.inject({ method: "GET", url: "/api/food/list" })).data.find((f) => f._id === item.id)!;
  const order = (buyer: { token: string }, quantity: number) => placeOrderVia(t, { ...buyer, userId: "", email: "" }, { address: testAddress, items: [{ _id: item.id, quantity }] });

  it("the admin sets stockKg (REST quick edit and tRPC); the list and slug answers carry stockKg and soldOut", async () => {
    expect((await setStock(7)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ stockKg: 7, soldOut: false });
    const bySlug = jsonOf<{ data: FoodItem }>(await t.app.inject({ method: "GET", url: `/api/food/slug/${item.slug}` })).data;
    expect(bySlug).toMatchObject({ stockKg: 7, soldOut: false });

    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/admin.setStock", headers: bearer(admin.token), payload: { id: item.id, stockKg: 0 } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ stockKg: 0, soldOut: true });

    expect((await setStock("")).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ stockKg: null, soldOut: false });

    const bad = await setStock(-2);
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(bad).message).toMatch(/^stockKg: Stock must be whole kilograms/);
    const customer = await createAccount(t.database.db, "user");
    expect((await t.app.inject({ method: "PUT", url: `/api/admin/food/${item.id}/stock`, headers: bearer(customer.token), payload: { stockKg: 5 } })).statusCode).toBe(403);
    expect(await stockOf()).toBeNull();
  });

  it("an order for more than is left answers 409 naming what is left, and stores nothing", async () => {
    await setStock(3);
    const buyer = await createCustomer(t);
    const before = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    const res = await order(buyer, 4);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: "STOCK_SHORT", message: `Only 3 kg of ${item.name} left`, requestId: expect.any(String) });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual(before);
    expect(await stockOf()).toBe(3);
  });

  it("placing reserves, payment keeps it, and a sold-out item cannot be ordered or added to the cart", async () => {
    await setStock(3);
    const buyer = await createCustomer(t);
    const placed = (await order(buyer, 3)).body;
    expect(await stockOf()).toBe(0);
    expect(await listed()).toMatchObject({ stockKg: 0, soldOut: true });
    expect((await verifyVia(t, buyer, (await payInSandboxWindow(t, placed)).response!)).body).toMatchObject({ success: true });
    expect(await stockOf()).toBe(0);

    const next = await createCustomer(t);
    expect((await order(next, 1)).body).toEqual({ success: false, code: "STOCK_SHORT", message: `${item.name} is sold out`, requestId: expect.any(String) });
    const add = await t.app.inject({ method: "POST", url: "/api/cart/add", headers: bearer(next.token), payload: { itemId: item.id } });
    expect(add.statusCode).toBe(409);
    expect(jsonOf<{ message: string }>(add).message).toBe(`${item.name} is sold out`);
  });

  it("a failed payment, an abandoned window and an expired order each give the stock back, once", async () => {
    await setStock(5);
    const failing = await createCustomer(t);
    const failed = (await order(failing, 2)).body;
    expect(await stockOf()).toBe(3);
    await payInSandboxWindow(t, failed, "failure");
    await eventually(async () => (await stockOf()) === 5);

    const closing = await createCustomer(t);
    const abandoned = (await order(closing, 2)).body;
    expect(await stockOf()).toBe(3);
    expect(await abandonPendingOrder(t.app.deps, closing.userId, abandoned.orderId)).toEqual({ paymentStatus: "expired" });
    expect(await abandonPendingOrder(t.app.deps, closing.userId, abandoned.orderId)).toEqual({ paymentStatus: "expired" });
    expect(await stockOf()).toBe(5);

    const away = await createCustomer(t);
    const forgotten = (await order(away, 4)).body;
    expect(await stockOf()).toBe(1);
    await reconcilePendingOrders(t.app.deps, minutesFromNow(31));
    await reconcilePendingOrders(t.app.deps, minutesFromNow(62));
    expect((await t.database.db.select().from(orders).where(eq(orders.id, forgotten.orderId)))[0]!.paymentStatus).toBe("expired");
    expect(await stockOf()).toBe(5);
  });

  /** The customer's expired order of `kg` paid at the gateway after all: the test decides who reports it, and when. */
  async function latePayment(kg: number) {
    const buyer = await createCustomer(t);
    const placed = (await order(buyer, kg)).body;
    await abandonPendingOrder(t.app.deps, buyer.userId, placed.orderId);
    const paid = await paySandboxOrder(t.database.db, t.env.payments, { orderId: placed.razorpayOrderId, method: "upi", succeed: true });
    return { buyer, placed, checkout: paid.checkoutResponse!, webhook: paid.webhook };
  }
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it("a late payment takes the stock again when it is still there: the webhook and the browser's verify at once", async () => {
    await setStock(4);
    const { buyer, placed, checkout, webhook } = await latePayment(3);
    expect(await stockOf()).toBe(4);
    const [hooked, verified] = await Promise.all([sendWebhook(t, webhook), verifyVia(t, buyer, checkout)]);
    expect(hooked.statusCode).toBe(200);
    expect(verified.body).toMatchObject({ success: true, orderId: placed.orderId });
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "paid", paymentId: checkout.razorpay_payment_id });
    expect(await stockOf()).toBe(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId))).toEqual([]);
  });

  it("a late payment's webhook takes the stock again; the browser's verify then finds the order paid", async () => {
    await setStock(4);
    const buyer = await createCustomer(t);
    const placed = (await order(buyer, 3)).body;
    await abandonPendingOrder(t.app.deps, buyer.userId, placed.orderId);
    const paid = await payInSandboxWindow(t, placed);
    await eventually(async () => (await orderRow(placed.orderId)).paymentStatus === "paid");
    expect(await stockOf()).toBe(1);
    const verified = await verifyVia(t, buyer, paid.response!);
    expect(verified.body).toMatchObject({ success: true, orderId: placed.orderId });
    expect(await stockOf()).toBe(1);
  });

  it("a late payment for stock sold meanwhile is refunded in full, once, not delivered short: the webhook and verify at once", async () => {
    await setStock(2);
    const { buyer: late, placed, checkout, webhook } = await latePayment(2);
    const quick = await createCustomer(t);
    const other = (await order(quick, 2)).body;
    await verifyVia(t, quick, (await payInSandboxWindow(t, other)).response!);
    expect(await stockOf()).toBe(0);

    const [hooked, verified] = await Promise.all([sendWebhook(t, webhook), verifyVia(t, late, checkout)]);
    expect(hooked.statusCode).toBe(200);
    expect(verified.body).toMatchObject({ success: false });
    expect((verified.body as { message: string }).message).toMatch(/sold out meanwhile.*refunded/);
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "refunded", paymentId: checkout.razorpay_payment_id });
    const given = await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(given).toMatchObject([{ amountPaise: placed.amount, requestedBy: null }]);
    expect(await stockOf()).toBe(0);
  });

  it("a customer's cancellation puts the sweets back; an admin refund does when asked to, once", async () => {
    await setStock(6);
    const buyer = await createCustomer(t);
    const placed = (await order(buyer, 2)).body;
    await verifyVia(t, buyer, (await payInSandboxWindow(t, placed)).response!);
    expect(await stockOf()).toBe(4);
    const cancelled = await t.app.inject({ method: "POST", url: "/api/order/cancel", headers: bearer(buyer.token), payload: { orderId: placed.orderId } });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf()).toBe(6);

    const other = await createCustomer(t);
    const second = (await order(other, 3)).body;
    await verifyVia(t, other, (await payInSandboxWindow(t, second)).response!);
    expect(await stockOf()).toBe(3);
    const refund = (restock: boolean, amount: number) =>
      t.app.inject({ method: "POST", url: `/api/admin/orders/${second.orderId}/refund`, headers: bearer(admin.token), payload: { amount, reason: "Box damaged", restock } });
    expect((await refund(false, 1)).statusCode).toBe(200);
    expect(await stockOf()).toBe(3);
    expect((await refund(true, 1)).statusCode).toBe(200);
    expect(await stockOf()).toBe(6);
    expect((await refund(true, 1)).statusCode).toBe(200);
    expect(await stockOf()).toBe(6);
  });

  it("50 customers racing for the last 10 kg buy exactly 10 kg", async () => {
    await setStock(10);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(t)));
    const answers = await Promise.all(buyers.map((buyer) => order(buyer, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(new RegExp(`^(Only \\d kg of ${item.name} left|${item.name} is sold out)$`));
    }
    expect(await stockOf()).toBe(0);
    const [held] = await t.database.db
      .select({ kg: sql<number>`coalesce(sum((line ->> 'quantity')::int), 0)::int` })
      .from(sql`${orders}, jsonb_array_elements(${orders.items}) as line`)
      .where(sql`${orders.userId} in ${buyers.map((b) => b.userId)} and ${orders.paymentStatus} = 'pending' and (line ->> 'foodItemId')::uuid = ${item.id}`);
    expect(held!.kg).toBe(10);
  });
});

describe("stock in the catalogue cache", () => {
  it("another server's list shows each reservation and release (NOTIFY)", async () => {
    const { one, two, close } = await createTwinApps();
    try {
      const [item] = await one.database.db.select().from(foodItems).orderBy(asc(foodItems.slug)).limit(1);
      const admin = await createAccount(one.database.db, "admin");
      const listedOnTwo = async () =>
        jsonOf<{ data: FoodItem[] }>(await two.app.inject({ method: "GET", url: "/api/food/list" })).data.find((f) => f._id === item!.id)!.stockKg;
      expect(await listedOnTwo()).toBeNull();
      await one.app.inject({ method: "PUT", url: `/api/admin/food/${item!.id}/stock`, headers: bearer(admin.token), payload: { stockKg: 3 } });
      await eventually(async () => (await listedOnTwo()) === 3);
      const buyer = await createCustomer(one);
      const placed = (await placeOrderVia(one, buyer, { address: testAddress, items: [{ _id: item!.id, quantity: 3 }] })).body;
      await eventually(async () => (await listedOnTwo()) === 0);
      const soldOut = jsonOf<{ data: FoodItem }>(await two.app.inject({ method: "GET", url: `/api/food/slug/${item!.slug}` })).data;
      expect(soldOut.soldOut).toBe(true);
      await abandonPendingOrder(one.app.deps, buyer.userId, placed.orderId);
      await eventually(async () => (await listedOnTwo()) === 3);
    } finally {
      await close();
    }
  });
});
