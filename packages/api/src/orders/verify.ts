import { and, eq } from "@mithai/db/sql";
import { orders } from "@mithai/db/schema";
import type { VerifyPaymentInput } from "@mithai/schema/contracts/order";
import type { VerifyResult } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { finalizePaid } from "../payments/finalize";
import { isValidPaymentSignature } from "../payments/signatures";
import { countPaidOrdersInMonth, kolkataMonth } from "./discount";

const NOT_VERIFIED: VerifyResult = { success: false, message: "Payment could not be verified" };

/**
 * The browser's word that it paid. Only the provider order id stored on this customer's own order is
 * checked, timing-safely, against the signature; anything else answers `success: false` and changes nothing.
 * A replay of a verified payment answers success again without doing anything twice.
 */
export async function verifyPayment(deps: ApiDeps, userId: string, input: VerifyPaymentInput): Promise<VerifyResult> {
  const [order] = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.razorpayOrderId, input.razorpay_order_id)))
    .limit(1);
  if (!order?.razorpayOrderId) return NOT_VERIFIED;
  const { keySecret } = deps.config.payments;
  if (!isValidPaymentSignature(order.razorpayOrderId, input.razorpay_payment_id, input.razorpay_signature, keySecret)) {
    deps.log.warn({ orderId: order.id }, "payment signature mismatch");
    return NOT_VERIFIED;
  }

  const finalized = await finalizePaid(deps, order.razorpayOrderId, { paymentId: input.razorpay_payment_id, source: "verify" });
  // Usually this call paid the order and holds its row; otherwise someone else did (or nobody): read what is stored.
  const [paid] = finalized.finalized
    ? [finalized.order]
    : await deps.db
        .select({ paymentStatus: orders.paymentStatus, paymentId: orders.paymentId, paidAt: orders.paidAt, discountApplied: orders.discountApplied })
        .from(orders)
        .where(eq(orders.id, order.id))
        .limit(1);
  if (paid?.paymentStatus !== "paid" || !paid.paidAt) return NOT_VERIFIED;
  if (paid.paymentId !== input.razorpay_payment_id) {
    // A second, genuine payment for an order already paid: money to refund by hand, so say so loudly.
    deps.log.error({ orderId: order.id, paymentId: input.razorpay_payment_id, recorded: paid.paymentId }, "order paid twice");
  }
  return {
    success: true,
    orderId: order.id,
    discountApplied: paid.discountApplied,
    orderCount: await countPaidOrdersInMonth(deps.db, userId, kolkataMonth(paid.paidAt), paid.paidAt),
  };
}
