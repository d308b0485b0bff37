import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { orders, payments, refunds, webhookEvents } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { appErrorOf, createTestContext, insertPendingOrder, TEST_CONFIG } from "../testing";
import { signWebhook } from "./signatures";
import { handleRazorpayWebhook } from "./webhook";

/** The Razorpay webhook, called directly: only signed, well-formed events act, each event id once. */
describe("handleRazorpayWebhook", () => {
  let handle: DbHandle;
  let ctx: ReturnType<typeof createTestContext>;
  let itemId: string;
  const secret = TEST_CONFIG.payments.webhookSecret!;

  beforeAll(async () => {
    handle = await createTestDb();
    ctx = createTestContext(handle.db);
    [itemId] = (await insertTestFoodItems(handle.db, 1)) as [string];
  });
  afterAll(() => handle.close());

  const pendingOrder = async () => insertPendingOrder(handle.db, await insertTestUser(handle.db), itemId);

  const paymentEvent = (event: string, razorpayOrderId: string, paymentId: string, amount: number) =>
    Buffer.from(JSON.stringify({ event, payload: { payment: { entity: { id: paymentId, order_id: razorpayOrderId, amount, method: "upi" } } } }));
  const deliver = (body: Buffer, eventId?: string, signature = signWebhook(body, secret)) => handleRazorpayWebhook(ctx, body, signature, eventId);
  const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it("pays an order on a signed payment.captured, once per event id and once per payment", async () => {
    const order = await pendingOrder();
    const body = paymentEvent("payment.captured", order.razorpayOrderId!, "pay_hook00000001", 20_000);
    expect(await deliver(body, "evt_one")).toBe("processed");
    expect(await deliver(body, "evt_one")).toBe("duplicate");
    // Razorpay also sends order.paid for the same payment: a new event, but the order is paid already.
    expect(await deliver(paymentEvent("order.paid", order.razorpayOrderId!, "pay_hook00000001", 20_000), "evt_two")).toBe("processed");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", paymentId: "pay_hook00000001" });
    expect(await handle.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it("marks a pending order failed on payment.failed, and ignores events about nothing of ours", async () => {
    const order = await pendingOrder();
    expect(await deliver(paymentEvent("payment.failed", order.razorpayOrderId!, "pay_hook00000002", 20_000), "evt_three")).toBe("processed");
    expect((await orderRow(order.id)).paymentStatus).toBe("failed");
    expect(await deliver(Buffer.from(JSON.stringify({ event: "payment.authorized" })), "evt_four")).toBe("ignored");
  });

  it("refuses forged, unsigned, malformed and absurd events, recording none of them", async () => {
    const order = await pendingOrder();
    const body = paymentEvent("payment.captured", order.razorpayOrderId!, "pay_forged000001", 20_000);
    for (const forged of [deliver(body, "evt_forged", signWebhook(body, "sandbox-or-guessed-secret")), deliver(body, "evt_unsigned", "")]) {
      expect((await appErrorOf(forged)).code).toBe("PAYMENT_NOT_VERIFIED");
    }
    expect((await appErrorOf(deliver(Buffer.from("{not json"), "evt_garbage"))).message).toBe("Webhook body is not JSON");
    // Signed with the real secret, but an amount no order column can hold: a 4xx, never a 500.
    expect((await appErrorOf(deliver(paymentEvent("payment.captured", order.razorpayOrderId!, "pay_absurd000001", 99_999_999_999), "evt_absurd"))).code).toBe("VALIDATION");
    // Signed, but an id no check can read (zod's length check threw on it: a 500 before).
    const unreadable = Buffer.from(JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: { length: { toString: 0 } }, order_id: order.razorpayOrderId, amount: 20_000 } } } }));
    expect((await appErrorOf(deliver(unreadable, "evt_unreadable"))).code).toBe("VALIDATION");
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
    for (const eventId of ["evt_absurd", "evt_unreadable"]) expect(await handle.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
  });

  it("takes no event at all without its own webhook secret", async () => {
    const order = await pendingOrder();
    const body = paymentEvent("payment.captured", order.razorpayOrderId!, "pay_nosecret0001", 20_000);
    const noSecret = { ...ctx, config: { ...ctx.config, payments: { ...ctx.config.payments, webhookSecret: undefined } } };
    expect((await appErrorOf(handleRazorpayWebhook(noSecret, body, signWebhook(body, secret), "evt_nosecret"))).code).toBe("NOT_CONFIGURED");
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
  });

  it("settles a refund on refund.processed, once, whichever id it arrives with", async () => {
    const order = await pendingOrder();
    await deliver(paymentEvent("payment.captured", order.razorpayOrderId!, "pay_refunded0001", 20_000), "evt_paid_for_refund");
    const [refund] = await handle.db.insert(refunds).values({ orderId: order.id, paymentId: "pay_refunded0001", amountPaise: 5_000, reason: "One box crushed", requestedBy: null }).returning();
    const refundEvent = (eventName: string) =>
      Buffer.from(JSON.stringify({ event: eventName, payload: { refund: { entity: { id: "rfnd_hook0000001", payment_id: "pay_refunded0001", amount: 5_000, status: "processed", notes: { refundId: refund!.id } } } } }));
    expect(await deliver(refundEvent("refund.processed"), "evt_refund_processed")).toBe("processed");
    // A late refund.failed for the same refund changes nothing: it left pending once.
    await deliver(refundEvent("refund.failed"), "evt_refund_failed");
    expect((await handle.db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({ status: "processed", providerRefundId: "rfnd_hook0000001" });
  });
});
