import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abandonPendingOrder, finalizePaid, paySandboxOrder, placeOrder, previewCheckout, verifyPayment } from "@mithai/api";
import { and, eq, inArray } from "@mithai/db/sql";
import { foodItems, orders } from "@mithai/db/schema";
import { ordersUntilDiscount } from "@mithai/schema";
import type { TestApp } from "../testing";
import { createTwinApps, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, testAddress, eventually, type Customer } from "./fixtures";

const IST_NOV_10 = new Date("2026-11-10T06:30:00.000Z");

describe("the ₹150 discount on the 2nd paid order of the month", () => {
  let t: TestApp;
  let twin: TestApp;
  let closeApps: () => Promise<void>;
  beforeAll(async () => {
    ({ one: t, two: twin, close: closeApps } = await createTwinApps());
  });
  afterAll(() => closeApps());

  /** Places and pays an order at `now` (the clock the services take), as verify would. */
  async function paidOrderAt(buyer: Customer, now: Date) {
    await fillCart(t, buyer, [1]);
    const placed = await placeOrder(t.app.deps, buyer.userId, { address: testAddress }, now);
    await finalizePaid(t.app.deps, placed.razorpayOrderId, { paymentId: `pay_${placed.orderId}`, source: "verify" }, now);
    return placed;
  }

  it("is given on the 2nd order, previewed before paying, and never on the 3rd", async () => {
    const buyer = await createCustomer(t);
    const first = await paidOrderAt(buyer, new Date("2026-11-02T04:00:00.000Z"));
    expect(first.discountApplied).toBe(false);

    const [item] = await fillCart(t, buyer, [2]);
    const preview = await previewCheckout(t.app.deps, buyer.userId, {}, IST_NOV_10);
    expect(preview).toMatchObject({ discountApplied: true, subtotal: (item!.pricePaise * 2) / 100, discount: 150, amount: (item!.pricePaise * 2 - 15_000) / 100 });

    const second = await placeOrder(t.app.deps, buyer.userId, { address: testAddress }, IST_NOV_10);
    expect(second).toMatchObject({ discountApplied: true, amount: item!.pricePaise * 2 - 15_000 });
    const paid = await paySandboxOrder(t.database.db, t.env.payments, { orderId: second.razorpayOrderId, method: "upi", succeed: true });
    const verified = await verifyPayment(t.app.deps, buyer.userId, paid.checkoutResponse!);
    expect(verified).toMatchObject({ success: true, discountApplied: true, orderCount: 1 });
    expect(ordersUntilDiscount(verified.orderCount!)).toBe(0);

    await fillCart(t, buyer, [1]);
    expect((await previewCheckout(t.app.deps, buyer.userId, {}, IST_NOV_10)).discountApplied).toBe(false);
    expect((await placeOrder(t.app.deps, buyer.userId, { address: testAddress }, IST_NOV_10)).discountApplied).toBe(false);
  });

  it("counts months in Asia/Kolkata time: an order paid on 31 Oct IST does not count for November", async () => {
    const buyer = await createCustomer(t);
    await paidOrderAt(buyer, new Date("2026-10-31T18:29:00.000Z")); // 23:59 IST, 31 Oct
    await fillCart(t, buyer, [1]);
    const firstOfNovember = new Date("2026-10-31T18:31:00.000Z"); // 00:01 IST, 1 Nov
    expect((await placeOrder(t.app.deps, buyer.userId, { address: testAddress }, firstOfNovember)).discountApplied).toBe(false);

    const other = await createCustomer(t);
    await paidOrderAt(other, new Date("2026-10-31T18:31:00.000Z"));
    await fillCart(t, other, [1]);
    expect((await placeOrder(t.app.deps, other.userId, { address: testAddress }, new Date("2026-11-30T18:29:00.000Z"))).discountApplied).toBe(true);
  });

  it("2nd orders placed at once, on two servers: one stays open, and only it holds the discount (issue 25: one open order per customer)", async () => {
    const buyer = await createCustomer(t);
    await paidOrderAt(buyer, new Date());
    await fillCart(t, buyer, [1]);
    const answers = await Promise.all([placeOrderVia(t, buyer), placeOrderVia(twin, buyer), placeOrderVia(t, buyer), placeOrderVia(twin, buyer)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const open = await t.database.db.select().from(orders).where(and(eq(orders.userId, buyer.userId), eq(orders.paymentStatus, "pending")));
    expect(open).toHaveLength(1);
    const held = await t.database.db.select().from(orders).where(and(eq(orders.userId, buyer.userId), eq(orders.discountApplied, true), inArray(orders.paymentStatus, ["pending", "paid"])));
    expect(held.map((order) => order.id)).toEqual(open.map((order) => order.id));
  });

  it("never charges less than ₹1", async () => {
    const buyer = await createCustomer(t);
    await paidOrderAt(buyer, new Date());
    const [item] = await fillCart(t, buyer, [1]);
    await t.database.db.update(foodItems).set({ pricePaise: 10_000 }).where(eq(foodItems.id, item!.id));
    const placed = (await placeOrderVia(t, buyer)).body;
    await t.database.db.update(foodItems).set({ pricePaise: item!.pricePaise }).where(eq(foodItems.id, item!.id));
    expect(placed).toMatchObject({ discountApplied: true, amount: 100 });
  });

  it("is held by a pending order, and released by a failed payment or a window closed without paying", async () => {
    const buyer = await createCustomer(t);
    await paidOrderAt(buyer, new Date());
    await fillCart(t, buyer, [1]);
    const failed = (await placeOrderVia(t, buyer)).body;
    expect(failed.discountApplied).toBe(true);
    await payInSandboxWindow(t, failed, "failure");
    await eventually(async () => (await t.database.db.select().from(orders).where(eq(orders.id, failed.orderId)))[0]!.paymentStatus === "failed");

    // Placing again expires the open order and takes its discount over: one open order per customer.
    const replaced = (await placeOrderVia(t, buyer)).body;
    expect(replaced.discountApplied).toBe(true);
    const abandoned = (await placeOrderVia(t, buyer)).body;
    expect(abandoned.discountApplied).toBe(true);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, replaced.orderId)))[0]!.paymentStatus).toBe("expired");
    const stranger = await createCustomer(t);
    await expect(abandonPendingOrder(t.app.deps, stranger.userId, abandoned.orderId)).rejects.toThrow("Order not found");
    expect(await abandonPendingOrder(t.app.deps, buyer.userId, abandoned.orderId)).toEqual({ paymentStatus: "expired" });
    expect((await placeOrderVia(t, buyer)).body.discountApplied).toBe(true);
  });
});
