import type { DbOrTx } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { and, eq, sql } from "@mithai/db/sql";
import { ORDER_RECEIVED } from "@mithai/schema";
import { customerRowsLockedFirst, paymentStatusIn } from "../lifecycle/query";
import { PAYMENT_MOVES } from "../lifecycle/transitions";

/**
 * The values of the finalisation statement, as placeholders: one prepared statement for verify, the webhook and the
 * reconciler. Each module's step (finalize-steps in cart/, promos/, orders/, invoices/, mail/) reads what it needs.
 */
export const FINALIZE_VALUES = {
  razorpayOrderId: sql.placeholder("razorpayOrderId"),
  paymentId: sql.placeholder("paymentId"),
  amountPaise: sql.placeholder("amountPaise"),
  userId: sql.placeholder("userId"),
  method: sql.placeholder("method"),
  source: sql.placeholder("source"),
  // An ISO string: a raw placeholder skips the column's own mapping of a Date.
  now: sql.placeholder("now"),
  year: sql.placeholder("year"),
  invoiceNumberPrefix: sql.placeholder("invoiceNumberPrefix"),
  paidFrom: sql.placeholder("paidFrom"),
  paidUntil: sql.placeholder("paidUntil"),
};

/**
 * The one idempotency gate: the guarded UPDATE that moves the order to paid (`move`: PAYMENT_MOVES.pay, the open
 * order; or .payLate, an unpaid order whose late payment passed its checks and took its stock again). Whichever caller
 * flips the row first wins; every other one sees no row, and every step after it (a CTE over this one) does nothing.
 */
export function paidGate(db: DbOrTx, move: "pay" | "payLate") {
  const value = FINALIZE_VALUES;
  return db.$with("paid").as(
    db
      .update(orders)
      .set({
        paymentStatus: "paid",
        status: ORDER_RECEIVED,
        paymentId: sql`${value.paymentId}`,
        paidAt: sql`${value.now}`,
        updatedAt: sql`${value.now}`,
      })
      .where(
        and(
          eq(orders.razorpayOrderId, value.razorpayOrderId),
          paymentStatusIn(PAYMENT_MOVES[move].from),
          // Its stock is its own: a late payment took it again first.
          eq(orders.stockHeld, true),
          // Null when the caller does not tell it.
          sql`(${value.amountPaise}::integer is null or ${orders.amountPaise} = ${value.amountPaise})`,
          sql`(${value.userId}::uuid is null or ${orders.userId} = ${value.userId})`,
          // The customer's row first, as every move takes it (customer_paid below changes it).
          customerRowsLockedFirst(eq(orders.razorpayOrderId, value.razorpayOrderId)),
        ),
      )
      .returning(),
  );
}

/** The order just paid, as the steps after the gate see it (a CTE of the same statement). */
export type PaidOrders = ReturnType<typeof paidGate>;
