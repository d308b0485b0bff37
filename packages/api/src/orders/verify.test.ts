import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { orders, payments } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import { createTestContext, insertPendingOrder, openDomainTestDb, TEST_CONFIG } from "../testing";
import { signPayment } from "../payments/signatures";
import { verifyPayment } from "./verify";

/** `verifyPayment`, called directly: the browser's signed word that it paid. */
describe("verifyPayment", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;
  let itemId: string;

  beforeAll(async () => {
    const opened = await openDomainTestDb(1);
    ({ handle, ctx } = opened);
    itemId = opened.itemIds[0]!;
  });
  afterAll(() => handle.close());

  const pendingOrder = (userId: string) => insertPendingOrder(handle.db, userId, itemId);
  const signed = (razorpayOrderId: string, paymentId: string) => ({
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signPayment(razorpayOrderId, paymentId, TEST_CONFIG.payments.keySecret),
  });
  const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it("pays the customer's own order on a valid signature, and answers a replay the same without paying twice", async () => {
    const userId = await insertTestUser(handle.db);
    const order = await pendingOrder(userId);
    const input = signed(order.razorpayOrderId!, "pay_verify000001");
    const expected = { success: true, orderId: order.id, discountApplied: false, orderCount: 0 };
    expect(await verifyPayment(ctx, userId, input)).toEqual(expected);
    expect(await verifyPayment(ctx, userId, input)).toEqual(expected);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", paymentId: "pay_verify000001" });
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toMatchObject([{ source: "verify", amountPaise: 20_000, status: "captured" }]);
  });

  it("changes nothing on a forged signature or for another customer's order", async () => {
    const userId = await insertTestUser(handle.db);
    const order = await pendingOrder(userId);
    const notVerified = { success: false, message: "Payment could not be verified" };
    expect(await verifyPayment(ctx, userId, { ...signed(order.razorpayOrderId!, "pay_verify000002"), razorpay_signature: "0".repeat(64) })).toEqual(notVerified);
    expect(await verifyPayment(ctx, await insertTestUser(handle.db), signed(order.razorpayOrderId!, "pay_verify000002"))).toEqual(notVerified);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "pending", paymentId: null });
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  });
});
