import { and, eq } from "@mithai/db/sql";
import { orders, refunds } from "@mithai/db/schema";
import type { VerifyPaymentInput, VerifyResult } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { finalizePaid } from "../payments/finalize";
import { isReasonCode, shopMonth } from "@mithai/schema";
import { isValidPaymentSignature } from "../payments/signatures";
import { countPaidOrdersInMonth } from "./discount";

const NOT_VERIFIED: VerifyResult = { success: false, message: "Payment could not be verified" };

/**
 * The browser's word that it paid. The signature binds the payment to the provider order id it names; only
 * that order, and only if it is this customer's own, can then be finalized. Anything else answers
 * `success: false` and changes nothing. A replay of a verified payment answers success again without
 * doing anything twice.
 */
export async function verifyPayment(deps: ApiDeps, userId: string, input: VerifyPaymentInput): Promise<VerifyResult> {
  const { keySecret } = deps.config.payments;
  if (!isValidPaymentSignature(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature, keySecret)) {
    deps.log.warn({ razorpayOrderId: input.razorpay_order_id }, "payment signature mismatch");
    return NOT_VERIFIED;
  }

  // Usually this call pays the order and holds its row (one round trip); otherwise someone else did, or it
  // is not this customer's order, or there is no such order: read what is stored.
  const finalized = await finalizePaid(deps, input.razorpay_order_id, { paymentId: input.razorpay_payment_id, source: "verify", userId });
  if (finalized.finalized) {
    const { order } = finalized;
    return { success: true, orderId: order.id, discountApplied: order.discountApplied, orderCount: finalized.paidEarlierThisMonth };
  }
  const [paid] = await deps.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, paymentId: orders.paymentId, paidAt: orders.paidAt, discountApplied: orders.discountApplied })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.razorpayOrderId, input.razorpay_order_id)))
    .limit(1);
  if (paid?.paymentStatus === "refunded") {
    const [refund] = await deps.db.select({ reason: refunds.reason, code: refunds.reasonCode }).from(refunds).where(eq(refunds.orderId, paid.id)).limit(1);
    return {
      success: false,
      orderId: paid.id,
      ...(isReasonCode(refund?.code) ? { code: refund.code } : {}),
      message: `We could not accept this payment (${refund?.reason ?? "the order had expired"}): the full amount is being refunded to you. Please place the order again.`,
    };
  }
  if (paid?.paymentStatus !== "paid" || !paid.paidAt) return NOT_VERIFIED;
  if (paid.paymentId !== input.razorpay_payment_id) {
    // A second, genuine payment for an order already paid: money to refund by hand, so say so loudly.
    deps.log.error({ orderId: paid.id, paymentId: input.razorpay_payment_id, recorded: paid.paymentId }, "order paid twice");
  }
  return {
    success: true,
    orderId: paid.id,
    discountApplied: paid.discountApplied,
    orderCount: await countPaidOrdersInMonth(deps.db, userId, shopMonth(paid.paidAt), paid.paidAt),
  };
}
