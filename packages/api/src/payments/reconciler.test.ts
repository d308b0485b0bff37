import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { deliveryZones, foodItems, orders, payments } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import { appErrorOf, createTestContext, openDomainTestDb, TEST_CONFIG, testAddress } from "../testing";
import { placeOrder } from "../orders/place";
import { abandonPendingOrder, reconcilePendingOrders } from "./reconciler";
import { paySandboxOrder } from "./sandbox-gateway";


/** The reconciler, called directly: it asks the provider (the sandbox gateway, in this process) about pending orders. */
describe("reconcilePendingOrders and abandonPendingOrder", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;
  let itemId: string;

  beforeAll(async () => {
    const opened = await openDomainTestDb(1, { sandbox: true });
    ({ handle, ctx } = opened);
    itemId = opened.itemIds[0]!;
    await handle.db.update(foodItems).set({ stockKg: 10 }).where(eq(foodItems.id, itemId));
    await handle.db.insert(deliveryZones).values({ name: "Kolkata", pincodes: ["7000"], chargePaise: 0, minDays: 1, maxDays: 2 });
  });
  afterAll(() => handle.close());

  const place = async (kilos: number) => {
    const userId = await insertTestUser(handle.db);
    return { userId, placed: await placeOrder(ctx, userId, { address: testAddress, items: [{ _id: itemId, quantity: kilos }] }) };
  };
  const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stock = async () => (await handle.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, itemId)))[0]!.stockKg;
  const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it("pays an order the provider took money for, leaves a young unpaid one alone, and expires an old one, giving its stock back", async () => {
    const { placed: paid } = await place(2);
    const { placed: unpaid } = await place(3);
    expect(await stock()).toBe(5);
    const payment = await paySandboxOrder(handle.db, TEST_CONFIG.payments, { orderId: paid.razorpayOrderId, method: "upi", succeed: true });

    // Too young to be checked: nothing happens.
    expect(await reconcilePendingOrders(ctx, minutesAhead(1))).toEqual({ paid: 0, expired: 0, pending: 0 });
    expect(await reconcilePendingOrders(ctx, minutesAhead(6))).toEqual({ paid: 1, expired: 0, pending: 1 });
    expect(await orderRow(paid.orderId)).toMatchObject({ paymentStatus: "paid", paymentId: payment.payment.id });
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, paid.orderId))).toMatchObject([{ source: "reconciler", amountPaise: paid.amount, method: "upi" }]);
    expect((await orderRow(unpaid.orderId)).paymentStatus).toBe("pending");

    expect(await reconcilePendingOrders(ctx, minutesAhead(ctx.config.paymentWindowMinutes + 1))).toEqual({ paid: 0, expired: 1, pending: 0 });
    expect(await orderRow(unpaid.orderId)).toMatchObject({ paymentStatus: "expired", stockHeld: false });
    expect(await stock()).toBe(8);
  });

  it("a closed payment window expires the customer's own order at once, unless a payment is on its way; someone else's is not found", async () => {
    const { userId, placed } = await place(1);
    const stranger = await insertTestUser(handle.db);
    expect((await appErrorOf(abandonPendingOrder(ctx, stranger, placed.orderId))).message).toBe("Order not found");
    expect(await abandonPendingOrder(ctx, userId, placed.orderId)).toEqual({ paymentStatus: "expired" });
    expect(await abandonPendingOrder(ctx, userId, placed.orderId)).toEqual({ paymentStatus: "expired" });

    const { userId: payer, placed: paying } = await place(1);
    await paySandboxOrder(handle.db, TEST_CONFIG.payments, { orderId: paying.razorpayOrderId, method: "card", succeed: true });
    expect(await abandonPendingOrder(ctx, payer, paying.orderId)).toEqual({ paymentStatus: "paid" });
    expect((await orderRow(paying.orderId)).paymentStatus).toBe("paid");
  });
});
