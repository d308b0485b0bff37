import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { and, eq } from "@mithai/db/sql";
import { cartItems, invoices, mailOutbox, orderStatusChanges, orders, payments, refunds, users } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import { financialYear, ORDER_RECEIVED, shopMonth } from "@mithai/schema";
import { createTestContext, openDomainTestDb } from "../testing";
import { finalizePaid, recordFailedPayment } from "./finalize";

/**
 * `finalizePaid`, called directly: the one way an order becomes paid (verify, webhook and reconciler all call it).
 * Orders are written as `place` leaves them: pending, with a provider order id and a snapshot of the lines.
 */
describe("finalizePaid", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;
  let itemIds: string[];

  beforeAll(async () => {
    ({ handle, ctx, itemIds } = await openDomainTestDb(3));
  });
  afterAll(() => handle.close());

  async function pendingOrder(userId: string, lines: [itemIndex: number, kilos: number][], extra: Partial<typeof orders.$inferInsert> = {}) {
    const items = lines.map(([index, quantity]) => ({ foodItemId: itemIds[index]!, name: `Test Sweet ${index}`, quantity, unitPricePaise: (index + 1) * 10_000, image: "test.webp" }));
    const subtotalPaise = items.reduce((sum, item) => sum + item.quantity * item.unitPricePaise, 0);
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId,
        items,
        subtotalPaise,
        amountPaise: subtotalPaise,
        address: { fullName: "Asha Rao", email: "asha@example.in", street: "9 Lake Road", city: "Kolkata", state: "West Bengal", pincode: "700029", country: "India", mobile: "9830012345" },
        razorpayOrderId: `order_${randomUUID().replaceAll("-", "").slice(0, 14)}`,
        ...extra,
      })
      .returning();
    return order!;
  }

  const cartOf = async (userId: string) =>
    Object.fromEntries((await handle.db.select().from(cartItems).where(eq(cartItems.userId, userId))).map((line) => [line.foodItemId, line.quantity]));

  it("pays the order once, takes only the bought kilos from the cart, and writes receipt, timeline and invoice in the same step", async () => {
    const userId = await insertTestUser(handle.db);
    await handle.db.insert(cartItems).values([
      { userId, foodItemId: itemIds[0]!, quantity: 5 },
      { userId, foodItemId: itemIds[1]!, quantity: 4 },
      { userId, foodItemId: itemIds[2]!, quantity: 1 },
    ]);
    const order = await pendingOrder(userId, [[0, 2], [1, 4]]);

    const [{ email: accountEmail }] = (await handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId))) as [{ email: string }];
    const first = await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_first000001", amountPaise: order.amountPaise, source: "webhook" });
    expect(first).toMatchObject({ finalized: true, paidEarlierThisMonth: 0, order: { id: order.id, paymentStatus: "paid", status: ORDER_RECEIVED, paymentId: "pay_first000001" } });
    // 5 kg asked in the cart, 2 bought: 3 stay; the 4 kg line is gone; the line not bought stays whole.
    expect(await cartOf(userId)).toEqual({ [itemIds[0]!]: 3, [itemIds[2]!]: 1 });

    // The verify path reports the same payment afterwards: nothing more happens.
    const again = await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_first000001", source: "verify", userId });
    expect(again).toEqual({ finalized: false });
    expect(await cartOf(userId)).toEqual({ [itemIds[0]!]: 3, [itemIds[2]!]: 1 });

    expect(await handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toMatchObject([{ id: "pay_first000001", status: "captured", source: "webhook", amountPaise: order.amountPaise }]);
    expect(await handle.db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, order.id))).toMatchObject([{ kind: "order-receipt", recipient: accountEmail }]);
    expect(await handle.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toMatchObject([{ status: ORDER_RECEIVED, changedBy: null }]);
    const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.number).toBe(`MTH/${financialYear(new Date())}/${invoice!.serial}`);
  });

  it("never takes a second payment for a paid order, nor one of the wrong amount or for another customer", async () => {
    const userId = await insertTestUser(handle.db);
    const order = await pendingOrder(userId, [[0, 1]]);
    const stranger = await insertTestUser(handle.db);

    expect(await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_wrongamount1", amountPaise: order.amountPaise - 1, source: "webhook" })).toEqual({ finalized: false });
    expect(await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_notyours0001", source: "verify", userId: stranger })).toEqual({ finalized: false });
    const [untouched] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched!.paymentStatus).toBe("pending");

    expect((await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_theright0001", source: "verify", userId })).finalized).toBe(true);
    expect(await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_asecond00001", amountPaise: order.amountPaise, source: "reconciler" })).toEqual({ finalized: false });
    const [paid] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.paymentId).toBe("pay_theright0001");
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it("revives a failed order when the provider says money was taken after all", async () => {
    const userId = await insertTestUser(handle.db);
    const order = await pendingOrder(userId, [[1, 2]]);
    await recordFailedPayment(ctx, order.razorpayOrderId!, { paymentId: "pay_declined0001", amountPaise: order.amountPaise, source: "webhook" });
    expect((await handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe("failed");

    expect((await finalizePaid(ctx, order.razorpayOrderId!, { paymentId: "pay_retried00001", amountPaise: order.amountPaise, source: "webhook" })).finalized).toBe(true);
    expect((await handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: "paid", paymentId: "pay_retried00001" });
  });

  it("refunds, not honours, a late payment for a discounted order whose month's discount another order holds", async () => {
    const userId = await insertTestUser(handle.db);
    await handle.db.insert(cartItems).values({ userId, foodItemId: itemIds[2]!, quantity: 2 });
    const month = shopMonth(new Date());
    const late = await pendingOrder(userId, [[2, 2]], { discountApplied: true, discountMonth: month, discountPaise: 15_000, amountPaise: 45_000, paymentStatus: "expired" });
    await pendingOrder(userId, [[0, 1]], { discountApplied: true, discountMonth: month, discountPaise: 9_900, amountPaise: 100 });

    expect(await finalizePaid(ctx, late.razorpayOrderId!, { paymentId: "pay_toolate00001", amountPaise: 45_000, source: "webhook" })).toEqual({ finalized: false, refused: { code: "DISCOUNT_TAKEN", message: expect.any(String) } });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, late.id));
    expect(order).toMatchObject({ paymentStatus: "refunded", paymentId: "pay_toolate00001" });
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, late.id))).toMatchObject([{ status: "captured", amountPaise: 45_000 }]);
    // The whole amount goes back (no provider answers in this test, so the refund waits, pending, to be looked up there).
    expect(await handle.db.select().from(refunds).where(and(eq(refunds.orderId, late.id)))).toMatchObject([
      { amountPaise: 45_000, idempotencyKey: `unhonourable:${late.id}`, reasonCode: "DISCOUNT_TAKEN", reason: expect.stringMatching(/^the payment arrived after the order had expired, and /) },
    ]);
    // Nothing was delivered: no receipt, no invoice, and the cart is as it was.
    expect(await handle.db.select().from(invoices).where(eq(invoices.orderId, late.id))).toEqual([]);
    expect(await handle.db.select().from(mailOutbox).where(and(eq(mailOutbox.subjectId, late.id), eq(mailOutbox.kind, "order-receipt")))).toEqual([]);
    expect(await cartOf(userId)).toEqual({ [itemIds[2]!]: 2 });

    // The same late payment reported again refunds nothing more.
    await finalizePaid(ctx, late.razorpayOrderId!, { paymentId: "pay_toolate00001", amountPaise: 45_000, source: "reconciler" });
    expect(await handle.db.select().from(refunds).where(eq(refunds.orderId, late.id))).toHaveLength(1);
  });

  it("refunds a late payment for a discounted order once the earlier order its discount stood on is cancelled (the model test found it kept the ₹150)", async () => {
    // The model's sequence: order A paid; order B placed with the ₹150 off; B's payment declined (failed, so nothing
    // relies on A and cancelling A takes no clawback); A cancelled and refunded in full; B then paid after all.
    const month = shopMonth(new Date());
    const paidEarlier = async (userId: string, paymentId: string) =>
      pendingOrder(userId, [[0, 1]], { paymentStatus: "paid", paidAt: new Date(Date.now() - 60_000), paymentId });
    const discounted = { discountApplied: true, discountMonth: month, discountPaise: 15_000, amountPaise: 5_000, paymentStatus: "failed" as const };
    // While the earlier order is kept, such a late payment is honoured with its discount (another customer, as B).
    const other = await insertTestUser(handle.db);
    await paidEarlier(other, "pay_earlier00002");
    const honoured = await pendingOrder(other, [[1, 1]], discounted);
    expect((await finalizePaid(ctx, honoured.razorpayOrderId!, { paymentId: "pay_honoured0001", amountPaise: 5_000, source: "webhook" })).finalized).toBe(true);

    const userId = await insertTestUser(handle.db);
    const earlier = await paidEarlier(userId, "pay_earlier00001");
    const late = await pendingOrder(userId, [[1, 1]], discounted);
    await handle.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.id, earlier.id));
    expect(await finalizePaid(ctx, late.razorpayOrderId!, { paymentId: "pay_notearned001", amountPaise: 5_000, source: "webhook" })).toEqual({
      finalized: false,
      refused: { code: "DISCOUNT_NOT_EARNED", message: expect.stringContaining("cancelled or refunded") },
    });
    expect((await handle.db.select().from(orders).where(eq(orders.id, late.id)))[0]).toMatchObject({ paymentStatus: "refunded", paymentId: "pay_notearned001" });
    // Its attempt had been declined (failed), not expired: the customer is told so.
    expect(await handle.db.select().from(refunds).where(eq(refunds.orderId, late.id))).toMatchObject([
      { amountPaise: 5_000, reasonCode: "DISCOUNT_NOT_EARNED", reason: expect.stringMatching(/^the payment arrived after an earlier attempt to pay for the order had failed, and its ₹150 discount/) },
    ]);
    expect(await handle.db.select().from(invoices).where(eq(invoices.orderId, late.id))).toEqual([]);
  });
});
