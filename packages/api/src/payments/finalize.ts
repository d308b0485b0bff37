import { and, eq, ne, sql } from "@mithai/db/sql";
import { kolkataMonth, paidOrdersInMonthSql } from "../orders/discount";
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
 *
 * One statement does it all (PostgreSQL runs data-modifying CTEs atomically, all or nothing): the order
 * flips to paid, its payment row is written (a payment id already recorded fails the whole statement) and
 * the bought quantities leave the customer's cart. `userId`, when given, limits it to that customer's order.
 */
export async function finalizePaid(
  deps: Pick<ApiDeps, "db" | "log" | "config" | "mailer">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now = new Date(),
): Promise<{ finalized: true; order: OrderRow; paidEarlierThisMonth: number } | { finalized: false }> {
  const { db } = deps;
  const paid = db.$with("paid").as(
    db
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
          payment.userId === undefined ? undefined : eq(orders.userId, payment.userId),
        ),
      )
      .returning(),
  );
  const recorded = db.$with("recorded").as(
    db
      .insert(payments)
      .select(
        db
          .select({
            id: sql<string>`${payment.paymentId}::text`.as("id"),
            orderId: sql<string>`${paid.id}`.as("order_id"),
            amountPaise: sql<number>`coalesce(${payment.amountPaise ?? null}::integer, ${paid.amountPaise})`.as("amount_paise"),
            status: sql<string>`'captured'`.as("status"),
            method: sql<string | null>`${payment.method ?? null}::text`.as("method"),
            source: sql<string>`${payment.source}::text`.as("source"),
            createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as("created_at"),
          })
          .from(paid),
      )
      .returning({ id: payments.id }),
  );
  // The bought quantities leave the customer's cart: a line with more than was bought keeps the rest, lines
  // not bought stay. Both statements see the cart as it was, and touch disjoint lines.
  const boughtLine = sql`(${cartItems.userId}, ${cartItems.foodItemId}) in (
    select ${paid.userId}, (bought ->> 'foodItemId')::uuid from ${paid}, jsonb_array_elements(${paid.items}) as bought)`;
  const boughtQuantity = sql`(select (bought ->> 'quantity')::integer from ${paid}, jsonb_array_elements(${paid.items}) as bought
    where ${paid.userId} = ${cartItems.userId} and (bought ->> 'foodItemId')::uuid = ${cartItems.foodItemId})`;
  const reduced = db.$with("reduced").as(
    db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${boughtQuantity}`, updatedAt: now })
      .where(sql`${boughtLine} and ${cartItems.quantity} > ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  const emptied = db.$with("emptied").as(
    db
      .delete(cartItems)
      .where(sql`${boughtLine} and ${cartItems.quantity} <= ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  // The customer's other orders paid earlier in this order's month (Asia/Kolkata): the statement's snapshot
  // does not see this order as paid yet.
  const earlier = db.$with("earlier").as(
    db.select({ count: paidOrdersInMonthSql(paid.userId, kolkataMonth(now), now).as("count") }).from(paid),
  );
  const [row] = await db.with(paid, recorded, reduced, emptied, earlier).select().from(paid).crossJoin(earlier);

  if (!row) {
    await warnOnAmountMismatch(deps, razorpayOrderId, payment);
    return { finalized: false };
  }
  const order = row.paid;
  deps.log.info({ orderId: order.id, paymentId: payment.paymentId, source: payment.source }, "order paid");
  // The receipt goes out after the answer: a slow mail server must not hold up the customer's payment.
  sendOrderConfirmation(deps, order);
  return { finalized: true, order, paidEarlierThisMonth: row.earlier.count };
}

async function warnOnAmountMismatch(deps: Pick<ApiDeps, "db" | "log">, razorpayOrderId: string, payment: ReportedPayment): Promise<void> {
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
