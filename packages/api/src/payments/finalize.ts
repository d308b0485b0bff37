import { and, eq, inArray, ne, sql } from "@mithai/db/sql";
import { cartItems, orders, payments } from "@mithai/db/schema";
import { ORDER_RECEIVED } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { sendOrderConfirmation } from "./confirmation-mail";

export type OrderRow = typeof orders.$inferSelect;
export type PaymentSource = "verify" | "webhook" | "reconciler";

export interface ReportedPayment {
  paymentId: string;
  /** The provider's amount; absent on the verify path, where the signature binds the payment to our order. */
  amountPaise?: number;
  method?: string | null;
  source: PaymentSource;
}

function paymentRow(
  order: { id: string; amountPaise: number },
  payment: ReportedPayment,
  status: "captured" | "failed",
  now: Date,
): typeof payments.$inferInsert {
  return {
    id: payment.paymentId,
    orderId: order.id,
    amountPaise: payment.amountPaise ?? order.amountPaise,
    status,
    method: payment.method ?? null,
    source: payment.source,
    createdAt: now,
  };
}

/**
 * Marks an order paid: the one way an order becomes paid, shared by verify, the webhook and the reconciler.
 * The conditional UPDATE is the guard: whichever caller flips the row first wins and clears the cart and
 * sends the mail; every other caller (in this or another process) sees no row and changes nothing. A paid
 * order is never touched again. Failed or expired orders are revived when the provider says money was taken.
 */
export async function finalizePaid(
  deps: ApiDeps,
  razorpayOrderId: string,
  payment: ReportedPayment,
  now = new Date(),
): Promise<{ finalized: true; order: OrderRow } | { finalized: false }> {
  const order = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: "paid",
        status: ORDER_RECEIVED,
        paymentId: payment.paymentId,
        paidAt: now,
        updatedAt: now,
        // A revived order may no longer hold the month's discount slot (another order may have taken it).
        discountMonth: sql`case when ${orders.paymentStatus} = 'pending' then ${orders.discountMonth} else null end`,
      })
      .where(
        and(
          eq(orders.razorpayOrderId, razorpayOrderId),
          ne(orders.paymentStatus, "paid"),
          payment.amountPaise === undefined ? undefined : eq(orders.amountPaise, payment.amountPaise),
        ),
      )
      .returning();
    if (!updated) return null;
    await tx.insert(payments).values(paymentRow(updated, payment, "captured", now));
    const bought = updated.items.map((item) => item.foodItemId);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, updated.userId), inArray(cartItems.foodItemId, bought)));
    return updated;
  });

  if (!order) {
    await warnOnAmountMismatch(deps, razorpayOrderId, payment);
    return { finalized: false };
  }
  deps.log.info({ orderId: order.id, paymentId: payment.paymentId, source: payment.source }, "order paid");
  try {
    await sendOrderConfirmation(deps, order);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, "order confirmation mail failed");
  }
  return { finalized: true, order };
}

async function warnOnAmountMismatch(deps: ApiDeps, razorpayOrderId: string, payment: ReportedPayment): Promise<void> {
  if (payment.amountPaise === undefined) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).limit(1);
  if (order && order.paymentStatus !== "paid" && order.amountPaise !== payment.amountPaise) {
    deps.log.error({ orderId: order.id, paymentId: payment.paymentId, expected: order.amountPaise, got: payment.amountPaise }, "payment amount does not match the order; not finalized");
  }
}

/** A failed attempt: recorded, and a still-pending order is failed so it stops holding the month's discount. */
export async function recordFailedPayment(deps: ApiDeps, razorpayOrderId: string, payment: ReportedPayment, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: "failed", updatedAt: now })
      .where(and(eq(orders.razorpayOrderId, razorpayOrderId), eq(orders.paymentStatus, "pending")))
      .returning({ id: orders.id, amountPaise: orders.amountPaise });
    if (!order) return;
    await tx.insert(payments).values(paymentRow(order, payment, "failed", now)).onConflictDoNothing();
  });
}
