import type { Tx } from "@mithai/db/client";
import { and, eq, gt, sql } from "@mithai/db/sql";
import { orders } from "@mithai/db/schema";
import { formatRupees, ORDER_RECEIVED, paiseToRupees, type RefundAnswer } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { moveOrder } from "../lifecycle/move";
import { NothingLeftToRefund, recordRefund } from "./ledger";
import { sendToProvider } from "./provider-sync";

/**
 * The customer cancels their own paid order while the kitchen has not started on it ("Order Recieved") and within
 * `cancelWindowMinutes` of payment (0 = cancelling online is off): the order moves to "Cancelled" (lifecycle
 * `moveOrder`), what is left is refunded — less the clawback when a later discounted order of the month relied on this
 * one (the customer saw it before confirming: `cancelClawback` on their order) — and its stock goes back on sale. The
 * move, the refund's record and the restock are one transaction; otherwise a 409 says why.
 */
export async function cancelOrder(deps: Pick<ApiDeps, "db" | "config" | "log" | "outbox" | "catalog" | "metrics">, userId: string, orderId: string, now = new Date()): Promise<RefundAnswer> {
  const windowMinutes = deps.config.cancelWindowMinutes;
  const moved = await moveOrder(
    deps,
    {
      kind: "fulfilment",
      orderId,
      to: "Cancelled",
      by: userId,
      only: and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, "paid"),
        eq(orders.status, ORDER_RECEIVED),
        windowMinutes > 0 ? gt(orders.paidAt, new Date(now.getTime() - windowMinutes * 60_000)) : sql`false`,
      ),
      refusal: (tx) => whyNot(tx, userId, orderId, windowMinutes),
      // The kitchen had not started: the sweets go back on sale.
      during: (tx) =>
        recordRefund(tx, { orderId, reason: "Cancelled by the customer", requestedBy: userId, idempotencyKey: `cancel:${orderId}`, restock: true, cancelling: true }).catch((error: unknown) => {
          // The customer keeps the order rather than cancel it for nothing (My Orders offers no cancel then).
          if (error instanceof NothingLeftToRefund) throw new AppError("TRANSITION_NOT_ALLOWED", CANCEL_REFUNDS_NOTHING, { cause: error });
          throw error;
        }),
    },
    now,
  );
  if (!moved) throw new AppError("TRANSITION_NOT_ALLOWED", "This order is already cancelled.");
  const recorded = moved.during;
  if (recorded.restocked > 0) await deps.catalog.changed();
  const refund = await sendToProvider(deps, recorded.row);
  const kept = recorded.row.clawbackPaise;
  return {
    success: true,
    refund: { id: refund.id, amount: paiseToRupees(refund.amountPaise), status: refund.status },
    message:
      kept > 0
        ? `Your order is cancelled. ${formatRupees(paiseToRupees(refund.amountPaise))} is on its way back to your payment method (usually 5–7 working days); ${formatRupees(paiseToRupees(kept))} is kept back because your later discounted order this month relied on this one; it comes back if that order is not paid or is cancelled.`
        : "Your order is cancelled. The full amount is on its way back to your payment method (usually 5–7 working days).",
  };
}

/** Why a customer cannot cancel an order whose refund the clawback would take whole. */
export const CANCEL_REFUNDS_NOTHING =
  "This order can no longer be cancelled online: your later discounted order this month got its ₹150 discount through this one, so cancelling it would refund nothing. Please contact us.";

async function whyNot(tx: Tx, userId: string, orderId: string, windowMinutes: number): Promise<AppError> {
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus, status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order || order.paymentStatus !== "paid") return new AppError("NOT_FOUND", "Order not found");
  if (order.status === "Cancelled") return new AppError("TRANSITION_NOT_ALLOWED", "This order is already cancelled.");
  if (windowMinutes === 0) return new AppError("CANCEL_WINDOW_PASSED", "Orders cannot be cancelled online. Please contact us and we will help.");
  if (order.status !== ORDER_RECEIVED) {
    return new AppError("TRANSITION_NOT_ALLOWED", `The kitchen has already started on this order (${order.status}), so it can no longer be cancelled online. Please contact us.`);
  }
  return new AppError("CANCEL_WINDOW_PASSED", `Orders can be cancelled within ${windowMinutes} minutes of payment; this one was paid longer ago. Please contact us.`);
}
