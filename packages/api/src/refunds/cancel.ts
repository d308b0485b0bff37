import type { Tx } from "@mithai/db/client";
import { and, eq, gt, sql } from "@mithai/db/sql";
import { orders } from "@mithai/db/schema";
import { ORDER_RECEIVED, type RefundAnswer } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { recordStatusChange } from "../orders/status-history";
import { recordRefund, sendToProvider } from "./refunds";

/**
 * The customer cancels their own paid order while the kitchen has not started on it ("Order Recieved") and within
 * `cancelWindowMinutes` of payment (0 = cancelling online is off): the order becomes "Cancelled" and the whole
 * amount is refunded and its stock goes back on sale. The status change, the refund's record and the restock are one
 * transaction; otherwise a 409 says why.
 */
export async function cancelOrder(deps: Pick<ApiDeps, "db" | "config" | "log" | "outbox" | "catalog">, userId: string, orderId: string, now = new Date()): Promise<RefundAnswer> {
  const windowMinutes = deps.config.cancelWindowMinutes;
  const recorded = await deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: "Cancelled", updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.paymentStatus, "paid"),
          eq(orders.status, ORDER_RECEIVED),
          windowMinutes > 0 ? gt(orders.paidAt, new Date(now.getTime() - windowMinutes * 60_000)) : sql`false`,
        ),
      )
      .returning({ id: orders.id, address: orders.address });
    if (!cancelled) throw await whyNot(tx, userId, orderId, windowMinutes);
    await recordStatusChange(tx, { orderId, status: "Cancelled", changedBy: userId, recipient: cancelled.address.email });
    // The kitchen had not started: the sweets go back on sale.
    return recordRefund(tx, { orderId, reason: "Cancelled by the customer", requestedBy: userId, idempotencyKey: `cancel:${orderId}`, restock: true });
  });
  if (recorded.restocked > 0) await deps.catalog.changed();
  deps.outbox.wake();
  const refund = await sendToProvider(deps, recorded.row);
  return {
    success: true,
    refund: { id: refund.id, amount: refund.amountPaise / 100, status: refund.status },
    message: "Your order is cancelled. The full amount is on its way back to your payment method (usually 5–7 working days).",
  };
}


async function whyNot(tx: Tx, userId: string, orderId: string, windowMinutes: number): Promise<AppError> {
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus, status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order || order.paymentStatus !== "paid") return new AppError("NOT_FOUND", "Order not found");
  if (order.status === "Cancelled") return new AppError("CONFLICT", "This order is already cancelled.");
  if (windowMinutes === 0) return new AppError("CONFLICT", "Orders cannot be cancelled online. Please contact us and we will help.");
  if (order.status !== ORDER_RECEIVED) {
    return new AppError("CONFLICT", `The kitchen has already started on this order (${order.status}), so it can no longer be cancelled online. Please contact us.`);
  }
  return new AppError("CONFLICT", `Orders can be cancelled within ${windowMinutes} minutes of payment; this one was paid longer ago. Please contact us.`);
}
