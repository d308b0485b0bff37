import { and, eq, inArray, sql, type SQL } from "@mithai/db/sql";
import { preparedQuery, type DbOrTx } from "@mithai/db/client";
import { financialYear, shopMonth } from "@mithai/schema/shop-clock";
import { paidInMonthRange, paidOrdersBetweenSql } from "../orders/discount";
import { cartItems, invoices, mailOutbox, orderStatusChanges, orders, payments, promoCodes, refunds } from "@mithai/db/schema";
import { ORDER_RECEIVED } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { queuedMailColumns } from "../mail/outbox";
import { documentNumberPrefix, nextSerial } from "../invoices/series";
import { sendToProvider } from "../refunds/refunds";
import { releaseStock, retakeReleasedStock, unpaidOrderSql } from "../stock/stock";

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
 * flips to paid, its payment row is written (a payment id already recorded fails the whole statement), the
 * bought quantities leave the customer's cart and the receipt is written to the mail outbox — so a crash after
 * the payment can never lose the receipt, and no second caller can send another. `userId`, when given, limits it to that customer's order.
 */
export async function finalizePaid(
  deps: Pick<ApiDeps, "db" | "log" | "outbox" | "config" | "catalog">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now = new Date(),
): Promise<Finalized | { finalized: false }> {
  const finalized = await finalizeStatement(deps.db, deps.config, razorpayOrderId, payment, now);
  if (finalized) return announcePaid(deps, finalized, payment);
  // Not paid by this call: already paid (nothing to do), or an order that failed or expired meanwhile.
  const guard = paymentGuard(payment);
  if (await refundUnhonourable(deps, razorpayOrderId, payment, now, sql`${discountSlotTaken} and ${guard}`, DISCOUNT_GONE)) return { finalized: false };
  const stock = await retakeReleasedStock(deps, razorpayOrderId, sql`not ${discountSlotTaken} and ${guard}`, async (tx) => {
    const revived = await finalizeStatement(tx, deps.config, razorpayOrderId, payment, now);
    // The order is locked, holds its stock and matched the same guard: nothing can stop its payment.
    if (!revived) throw new Error(`late payment ${payment.paymentId}: the order took its stock again but could not be paid`);
    return revived;
  });
  if (stock.outcome === "held") return announcePaid(deps, stock.paid, payment);
  if (stock.outcome === "short") {
    await refundUnhonourable(deps, razorpayOrderId, payment, now, sql`${unpaidOrderSql} and not ${orders.stockHeld} and ${guard}`, STOCK_GONE);
    return { finalized: false };
  }
  await warnOnAmountMismatch(deps, razorpayOrderId, payment);
  return { finalized: false };
}

type Finalized = { finalized: true; order: OrderRow; paidEarlierThisMonth: number };

/** After the payment's commit: the log line, and the outbox woken to send the receipt (after the answer: a slow mail server never holds up the payment). */
function announcePaid(deps: Pick<ApiDeps, "log" | "outbox">, finalized: Finalized, payment: ReportedPayment): Finalized {
  deps.log.info({ orderId: finalized.order.id, paymentId: payment.paymentId, source: payment.source }, "order paid");
  deps.outbox.wake();
  return finalized;
}

/** The reported payment must match the order: its amount when the provider tells it, its customer on verify. */
function paymentGuard(payment: ReportedPayment & { userId?: string }) {
  return and(
    sql`true`,
    payment.amountPaise === undefined ? undefined : eq(orders.amountPaise, payment.amountPaise),
    payment.userId === undefined ? undefined : eq(orders.userId, payment.userId),
  )!;
}

const value = {
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

const finalizeQuery = preparedQuery((db) => {
  const paid = db.$with("paid").as(
    db
      .update(orders)
      .set({
        paymentStatus: "paid",
        status: ORDER_RECEIVED,
        paymentId: sql`${value.paymentId}`,
        paidAt: sql`${value.now}`,
        updatedAt: sql`${value.now}`,
        // A revived discounted order keeps its month's discount only because no other order holds it (see below).
      })
      .where(
        and(
          eq(orders.razorpayOrderId, value.razorpayOrderId),
          inArray(orders.paymentStatus, ["pending", "failed", "expired"]),
          sql`not ${discountSlotTaken}`,
          // Its stock is still its own: a failed or expired order gave it back and must take it again first.
          eq(orders.stockHeld, true),
          // Null when the caller does not tell it: one statement for verify, the webhook and the reconciler.
          sql`(${value.amountPaise}::integer is null or ${orders.amountPaise} = ${value.amountPaise})`,
          sql`(${value.userId}::uuid is null or ${orders.userId} = ${value.userId})`,
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
            id: sql<string>`${value.paymentId}::text`.as("id"),
            orderId: sql<string>`${paid.id}`.as("order_id"),
            amountPaise: sql<number>`coalesce(${value.amountPaise}::integer, ${paid.amountPaise})`.as("amount_paise"),
            status: sql<string>`'captured'`.as("status"),
            method: sql<string | null>`${value.method}::text`.as("method"),
            source: sql<string>`${value.source}::text`.as("source"),
            createdAt: sql<Date>`${value.now}::timestamptz`.as("created_at"),
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
      .set({ quantity: sql`${cartItems.quantity} - ${boughtQuantity}`, updatedAt: sql`${value.now}` })
      .where(sql`${boughtLine} and ${cartItems.quantity} > ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  const emptied = db.$with("emptied").as(
    db
      .delete(cartItems)
      .where(sql`${boughtLine} and ${cartItems.quantity} <= ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  const receipted = db.$with("receipted").as(
    db
      .insert(mailOutbox)
      .select(
        db
          .select(queuedMailColumns("order-receipt", sql`${paid.id}`, sql`${paid.address} ->> 'email'`))
          .from(paid),
      )
      .returning({ id: mailOutbox.id }),
  );
  // The timeline starts: "Order Recieved", by the payment itself.
  const timeline = db.$with("timeline").as(
    db
      .insert(orderStatusChanges)
      .select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            orderId: sql<string>`${paid.id}`.as("order_id"),
            status: sql<string>`${ORDER_RECEIVED}::text`.as("status"),
            changedBy: sql<string | null>`null::uuid`.as("changed_by"),
            at: sql<Date>`${value.now}::timestamptz`.as("at"),
          })
          .from(paid),
      )
      .returning({ id: orderStatusChanges.id }),
  );
  // The tax invoice's number: the next in this financial year's series. The series row stays locked until this
  // statement commits (and is rolled back with it), so numbers are consecutive without gaps.
  const counted = nextSerial(db, "counted", paid, "invoice", value.year);
  const invoiced = db.$with("invoiced").as(
    db
      .insert(invoices)
      .select(
        db
          .select({
            orderId: sql<string>`${paid.id}`.as("order_id"),
            number: sql<string>`${value.invoiceNumberPrefix}::text || ${counted.last}`.as("number"),
            financialYear: sql<string>`${value.year}::text`.as("financial_year"),
            serial: sql<number>`${counted.last}`.as("serial"),
            issuedAt: sql<Date>`${value.now}::timestamptz`.as("issued_at"),
          })
          .from(paid)
          .crossJoin(counted),
      )
      .returning({ number: invoices.number }),
  );
  // A promo code's use is counted with the payment (a late payment for a code used up meanwhile is still
  // honoured at the price the customer was shown; the admin sees the overrun).
  const promoUsed = db.$with("promo_used").as(
    db
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(sql`${promoCodes.id} = (select ${paid.promoCodeId} from ${paid})`)
      .returning({ id: promoCodes.id }),
  );
  // The customer's other orders paid earlier in this order's month (Asia/Kolkata): the statement's snapshot
  // does not see this order as paid yet.
  const earlier = db.$with("earlier").as(
    db.select({ count: paidOrdersBetweenSql(paid.userId, value.paidFrom, value.paidUntil).as("count") }).from(paid),
  );
  return db.with(paid, recorded, reduced, emptied, receipted, timeline, counted, invoiced, promoUsed, earlier).select().from(paid).crossJoin(earlier).prepare("finalize_paid");
});

async function finalizeStatement(
  db: DbOrTx,
  config: Pick<ApiDeps["config"], "invoicePrefix">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now: Date,
): Promise<Finalized | null> {
  const year = financialYear(now);
  const { from, until } = paidInMonthRange(shopMonth(now), now);
  const [row] = await finalizeQuery(db).execute({
    razorpayOrderId,
    paymentId: payment.paymentId,
    amountPaise: payment.amountPaise ?? null,
    userId: payment.userId ?? null,
    method: payment.method ?? null,
    source: payment.source,
    now: now.toISOString(),
    year,
    invoiceNumberPrefix: documentNumberPrefix(config.invoicePrefix, "invoice", year),
    paidFrom: from.toISOString(),
    paidUntil: until.toISOString(),
  });
  return row ? { finalized: true, order: row.paid, paidEarlierThisMonth: row.earlier.count } : null;
}

/**
 * An order that failed or expired, discounted, whose month's discount has since gone to another of the customer's
 * orders (pending or paid): a payment that still arrives for it cannot be honoured at that price. At most one order a
 * month keeps the ₹150 discount, whatever the sequence of place, abandon, fail, expire and late payment.
 */
const discountSlotTaken = sql`(${orders.discountApplied} and ${orders.paymentStatus} in ('failed', 'expired') and exists (
  select 1 from ${orders} as other where other.user_id = ${orders.userId} and other.id <> ${orders.id}
    and other.discount_month = ${orders.discountMonth} and other.payment_status in ('pending', 'paid')))`;

const DISCOUNT_GONE = "the payment arrived after the order had expired, and its ₹150 discount had gone to another order";
export const STOCK_GONE = "the payment arrived after the order had expired, and its sweets had sold out meanwhile";

/**
 * The late payment of an order that can no longer be honoured (`unhonourable`: its discount slot or its stock is
 * gone): the order ends `refunded` (once, whoever reports the payment), the payment is recorded, and the whole
 * amount goes back through the provider; the customer hears of it with the refund's mail. Nothing is delivered
 * and the cart stays. Answers whether this call refunded it.
 */
async function refundUnhonourable(
  deps: Pick<ApiDeps, "db" | "log" | "outbox" | "config">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now: Date,
  unhonourable: SQL,
  reason: string,
): Promise<boolean> {
  const refund = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: "refunded", paymentId: payment.paymentId, paidAt: now, updatedAt: now })
      .where(
        and(eq(orders.razorpayOrderId, razorpayOrderId), unhonourable),
      )
      .returning();
    if (!order) return null;
    await tx.insert(payments).values(paymentRow(order, payment, "captured", now));
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment.paymentId,
        amountPaise: order.amountPaise,
        reason,
        idempotencyKey: `unhonourable:${order.id}`,
        requestedBy: null,
      })
      .returning();
    return row!;
  });
  if (!refund) return false;
  deps.log.warn({ orderId: refund.orderId, paymentId: payment.paymentId, reason }, "late payment for an order that can no longer be honoured: refunded in full");
  await sendToProvider(deps, refund);
  return true;
}

async function warnOnAmountMismatch(deps: Pick<ApiDeps, "db" | "log">, razorpayOrderId: string, payment: ReportedPayment): Promise<void> {
  if (payment.amountPaise === undefined) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).limit(1);
  if (order && order.paymentStatus !== "paid" && order.amountPaise !== payment.amountPaise) {
    deps.log.error({ orderId: order.id, paymentId: payment.paymentId, expected: order.amountPaise, got: payment.amountPaise }, "payment amount does not match the order; not finalized");
  }
}

/**
 * A failed attempt: recorded, and a still-pending order is failed so it stops holding the month's discount, its
 * promo code's use and its stock (given back in the same transaction).
 */
export async function recordFailedPayment(deps: ApiDeps, razorpayOrderId: string, payment: ReportedPayment, now = new Date()): Promise<void> {
  const restocked = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: "failed", updatedAt: now })
      .where(and(eq(orders.razorpayOrderId, razorpayOrderId), eq(orders.paymentStatus, "pending")))
      .returning({ id: orders.id, amountPaise: orders.amountPaise });
    if (!order) return 0;
    await tx.insert(payments).values(paymentRow(order, payment, "failed", now)).onConflictDoNothing();
    return releaseStock(tx, sql`${orders.id} = ${order.id}`);
  });
  if (restocked > 0) await deps.catalog.changed();
}
