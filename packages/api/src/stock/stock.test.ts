import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { and, eq } from "@mithai/db/sql";
import { foodItems, mailOutbox, orders, payments, refunds } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { createTestContext, insertPendingOrder, TEST_CONFIG } from "../testing";
import { verifyPayment } from "../orders/verify";
import { signPayment, signWebhook } from "../payments/signatures";
import { handleRazorpayWebhook } from "../payments/webhook";

/**
 * A late payment for an order that expired and gave its stock back, reported by the webhook and the browser's verify
 * at the same moment (on PostgreSQL, real concurrency): one of them takes the stock again and pays the order.
 */
describe("a late payment reported twice at once", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;

  beforeAll(async () => {
    handle = await createTestDb();
    ctx = createTestContext(handle.db);
  });
  afterAll(() => handle.close());

  /** An order of `kilos` of a fresh item, expired with its stock given back; the item then has `stockKg` left. */
  async function expiredOrder(kilos: number, stockKg: number) {
    const [itemId] = (await insertTestFoodItems(handle.db, 1)) as [string];
    await handle.db.update(foodItems).set({ stockKg }).where(eq(foodItems.id, itemId));
    const userId = await insertTestUser(handle.db);
    const order = await insertPendingOrder(handle.db, userId, itemId, kilos, {
      items: [{ foodItemId: itemId, name: "Test Sweet 0", quantity: kilos, unitPricePaise: 10_000, image: "test.webp", reserved: true }],
      paymentStatus: "expired",
      stockHeld: false,
    });
    return { order, itemId, userId, paymentId: `pay_${randomUUID().replaceAll("-", "").slice(0, 14)}` };
  }

  type Late = Awaited<ReturnType<typeof expiredOrder>>;
  const webhook = ({ order, paymentId }: Late) => {
    const body = Buffer.from(
      JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: paymentId, order_id: order.razorpayOrderId, amount: order.amountPaise, method: "upi" } } } }),
    );
    return handleRazorpayWebhook(ctx, body, signWebhook(body, TEST_CONFIG.payments.webhookSecret!), `evt_${paymentId}`);
  };
  const verify = ({ order, paymentId, userId }: Late) =>
    verifyPayment(ctx, userId, {
      razorpay_order_id: order.razorpayOrderId!,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(order.razorpayOrderId!, paymentId, TEST_CONFIG.payments.keySecret),
    });

  const stockOf = async (itemId: string) => (await handle.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, itemId)))[0]!.stockKg;
  const orderOf = async ({ order }: Late) => (await handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
  const paymentsOf = ({ order }: Late) => handle.db.select().from(payments).where(eq(payments.orderId, order.id));
  const refundsOf = ({ order }: Late) => handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
  const receiptsOf = ({ order }: Late) => handle.db.select().from(mailOutbox).where(and(eq(mailOutbox.subjectId, order.id), eq(mailOutbox.kind, "order-receipt")));

  it("takes the stock again once and pays the order: webhook and verify at once (20 orders), and verify three times at once (10)", async () => {
    const pairs = await Promise.all(Array.from({ length: 20 }, () => expiredOrder(3, 4)));
    const triples = await Promise.all(Array.from({ length: 10 }, () => expiredOrder(3, 4)));
    const answers = await Promise.all([
      ...pairs.map(async (late) => (await Promise.all([webhook(late), verify(late)])).slice(1)),
      ...triples.map((late) => Promise.all([verify(late), verify(late), verify(late)])),
    ]);
    for (const [i, late] of [...pairs, ...triples].entries()) {
      // Every browser is told its order is paid, whichever caller paid it.
      for (const answer of answers[i]!) expect(answer, `order ${i}`).toMatchObject({ success: true, orderId: late.order.id });
      expect(await orderOf(late), `order ${i}`).toMatchObject({ paymentStatus: "paid", stockHeld: true, paymentId: late.paymentId });
      expect(await stockOf(late.itemId), `order ${i}`).toBe(1);
      expect(await paymentsOf(late), `order ${i}`).toMatchObject([{ id: late.paymentId, status: "captured", amountPaise: 30_000 }]);
      expect(await refundsOf(late), `order ${i}`).toEqual([]);
      expect(await receiptsOf(late), `order ${i}`).toHaveLength(1);
    }
  });

  it("refunds the whole amount once when the stock is gone: webhook and verify at once (10 orders)", async () => {
    const gone = await Promise.all(Array.from({ length: 10 }, () => expiredOrder(3, 2)));
    const verified = await Promise.all(gone.map(async (late) => (await Promise.all([webhook(late), verify(late)]))[1]));
    for (const [i, late] of gone.entries()) {
      expect(verified[i]!.success, `order ${i}`).toBe(false);
      expect(verified[i]!.message, `order ${i}`).toMatch(/sold out meanwhile.*refunded/);
      expect(await orderOf(late), `order ${i}`).toMatchObject({ paymentStatus: "refunded", stockHeld: false, paymentId: late.paymentId });
      expect(await stockOf(late.itemId), `order ${i}`).toBe(2);
      expect(await paymentsOf(late), `order ${i}`).toMatchObject([{ id: late.paymentId, status: "captured", amountPaise: 30_000 }]);
      expect(await refundsOf(late), `order ${i}`).toMatchObject([{ amountPaise: 30_000, paymentId: late.paymentId, idempotencyKey: `unhonourable:${late.order.id}` }]);
      expect(await receiptsOf(late), `order ${i}`).toEqual([]);
    }
  });
});
