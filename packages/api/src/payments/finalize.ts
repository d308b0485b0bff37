import { and, eq, type SQL } from "@mithai/db/sql";
import { preparedQuery, type DbOrTx } from "@mithai/db/client";
import { isUniqueViolation } from "@mithai/db/errors";
import { financialYear, shopMonth, type PaymentStatus } from "@mithai/schema";
import { orders, payments, refunds } from "@mithai/db/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { cartReductionStep } from "../cart/finalize-step";
import { invoiceNumberStep } from "../invoices/finalize-step";
import { documentNumberPrefix } from "../invoices/series";
import { lateRefusal, lateRefusalReason } from "../lifecycle/late-payment";
import { moveOrder } from "../lifecycle/move";
import { customerRowsLockedFirst, paymentStatusIn } from "../lifecycle/query";
import { PAYMENT_MOVES } from "../lifecycle/transitions";
import { receiptMailStep } from "../mail/queue";
import { receiptWhatsappStep } from "../notify/whatsapp/queue";
import { paidInMonthRange } from "../orders/discount";
import { discountStep, statusHistoryStep } from "../orders/finalize-steps";
import { promoUseStep } from "../promos/finalize-step";
import { customerPaidStep } from "../orders/open-order";
import type { Refusal } from "../promos/promos";
import { sendToProvider } from "../refunds/provider-sync";
import { reserveStock } from "../stock/stock";
import { paidGate } from "./paid-gate";
import { paymentRowStep } from "./payment-row-step";

export type OrderRow = typeof orders.$inferSelect;
export type PaymentSource = "verify" | "webhook" | "reconciler";

export interface ReportedPayment {
  paymentId: string;
  /** The provider's amount; absent on the verify path, where the signature binds the payment to our order. */
  amountPaise?: number;
  method?: string | null;
  source: PaymentSource;
}

type Finalized = { finalized: true; order: OrderRow; paidEarlierThisMonth: number };
/** Not paid by this call; `refused` when this call refused a late payment (the money goes back in full). */
type NotFinalized = { finalized: false; refused?: Refusal };

/**
 * Marks an order paid: the one way an order becomes paid, shared by verify, the webhook and the reconciler
 * (DECISIONS "Orders and payments"). The open order is paid by one statement (`finalizeStatement`): the guarded UPDATE
 * is the one idempotency gate, and after it each module's step runs in the same statement — the payment row, the
 * cart reduction, the promo use, the discount count, the invoice number, the status history and the receipt mail —
 * so a crash can never lose the receipt and no second caller can send another. An order that failed or expired meanwhile
 * gets the late-payment checks (`payLate`): paid if they pass, otherwise refunded in full, never paid. `userId`, when
 * given, limits it to that customer's order.
 */
export async function finalizePaid(
  deps: Pick<ApiDeps, "db" | "log" | "outbox" | "config" | "catalog" | "metrics">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now = new Date(),
): Promise<Finalized | NotFinalized> {
  const finalized = await finalizeStatement(deps.db, "pay", deps.config, razorpayOrderId, payment, now);
  if (finalized) return announcePaid(deps, finalized, payment);
  // Not paid by this call: already paid (nothing to do), or an order that failed or expired meanwhile.
  const late = await payLate(deps, razorpayOrderId, payment, now);
  if (late.outcome === "paid") return announcePaid(deps, late.paid, payment);
  if (late.outcome === "refused") {
    return (await refuseLatePayment(deps, razorpayOrderId, payment, late.refusal, late.was, now)) ? { finalized: false, refused: late.refusal } : { finalized: false };
  }
  await warnOnAmountMismatch(deps, razorpayOrderId, payment);
  return { finalized: false };
}

/** After the payment's commit: the counter, the log line, and the outbox woken to send the receipt. */
function announcePaid(deps: Pick<ApiDeps, "log" | "outbox" | "metrics">, finalized: Finalized, payment: ReportedPayment): Finalized {
  deps.metrics.orderMoved(PAYMENT_MOVES.pay.counted);
  deps.log.info({ orderId: finalized.order.id, paymentId: payment.paymentId, source: payment.source }, "order paid");
  deps.outbox.wake();
  return finalized;
}

/** The reported payment must match the order: its amount when the provider tells it, its customer on verify. */
function paymentGuard(payment: ReportedPayment & { userId?: string }): SQL | undefined {
  return and(
    payment.amountPaise === undefined ? undefined : eq(orders.amountPaise, payment.amountPaise),
    payment.userId === undefined ? undefined : eq(orders.userId, payment.userId),
  );
}

/** The finalisation statement: the gate, then every module's step over the order it paid. */
function buildFinalize(db: DbOrTx, move: "pay" | "payLate") {
  const paid = paidGate(db, move);
  const recorded = paymentRowStep(db, paid);
  const [reduced, emptied] = cartReductionStep(db, paid);
  const promoUsed = promoUseStep(db, paid);
  const earlier = discountStep(db, paid);
  const [counted, invoiced] = invoiceNumberStep(db, paid);
  const timeline = statusHistoryStep(db, paid);
  const receipted = receiptMailStep(db, paid);
  const receiptedWhatsapp = receiptWhatsappStep(db, paid);
  const customerPaid = customerPaidStep(db, paid);
  return db
    .with(paid, recorded, reduced, emptied, receipted, receiptedWhatsapp, timeline, counted, invoiced, promoUsed, customerPaid, earlier)
    .select()
    .from(paid)
    .crossJoin(earlier)
    .prepare(move === "pay" ? "finalize_paid" : "finalize_late");
}
const finalizeQuery = { pay: preparedQuery((db) => buildFinalize(db, "pay")), payLate: preparedQuery((db) => buildFinalize(db, "payLate")) };

async function finalizeStatement(
  db: DbOrTx,
  move: "pay" | "payLate",
  config: Pick<ApiDeps["config"], "invoicePrefix">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now: Date,
): Promise<Finalized | null> {
  const year = financialYear(now);
  const { from, until } = paidInMonthRange(shopMonth(now), now);
  const [row] = await finalizeQuery[move](db).execute({
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

/** Thrown inside the late payment's transaction to undo it: the payment cannot be honoured. */
class LateRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * A payment for an order that failed or expired: in one transaction, with the order locked, the late-payment checks
 * (lifecycle/late-payment.ts), then the order takes its stock again and the finalisation statement pays it (move
 * `payLate`). A check that fails, a sweet that ran out or a discount slot taken meanwhile undoes it all and answers the
 * refusal. Another caller reporting the same payment waits on the order's row, then finds it paid or refunded.
 */
async function payLate(
  deps: Pick<ApiDeps, "db" | "config" | "catalog">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  now: Date,
): Promise<{ outcome: "paid"; paid: Finalized } | { outcome: "refused"; refusal: Refusal; was?: PaymentStatus } | { outcome: "none" }> {
  // What the order was when the payment came (failed or expired), for the customer's words if it is refused.
  let was: PaymentStatus | undefined;
  try {
    const paid = await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.razorpayOrderId, razorpayOrderId),
            paymentStatusIn(PAYMENT_MOVES.payLate.from),
            paymentGuard(payment),
            customerRowsLockedFirst(eq(orders.razorpayOrderId, razorpayOrderId)),
          ),
        )
        .for("update");
      if (!order) return null;
      was = order.paymentStatus;
      const refusal = await lateRefusal(tx, order, now);
      if (refusal) throw new LateRefused(refusal);
      await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, order.id));
      const revived = await finalizeStatement(tx, "payLate", deps.config, razorpayOrderId, payment, now);
      // The order is locked, holds its stock again and matched the same guard: nothing can stop its payment.
      if (!revived) throw new Error(`late payment ${payment.paymentId}: the order passed its checks but could not be paid`);
      // Paid before the stock is locked: the payment's locks (promo code, invoice series) come before the stock's, in
      // the order placing takes them (promo code, then stock), so the two never wait on each other crosswise.
      await reserveStock(tx, order.items.filter((line) => line.reserved));
      return { revived, restocks: order.items.some((line) => line.reserved) };
    });
    if (!paid) return { outcome: "none" };
    if (paid.restocks) await deps.catalog.changed();
    return { outcome: "paid", paid: paid.revived };
  } catch (error) {
    if (error instanceof LateRefused) return { outcome: "refused", refusal: error.refusal, was };
    if (error instanceof AppError && error.code === "STOCK_SHORT") return { outcome: "refused", refusal: { code: "STOCK_SHORT", message: "some of its sweets sold out meanwhile" }, was };
    // Another order of the customer took the month's discount slot between the check and the payment.
    if (isUniqueViolation(error)) return { outcome: "refused", refusal: { code: "DISCOUNT_TAKEN", message: "its ₹150 discount has gone to your other order" }, was };
    throw error;
  }
}

/**
 * The late payment the shop cannot honour (move `refuse`): the order ends `refunded` (once, whoever reports the
 * payment), the payment is recorded, and the whole amount goes back through the automatic-refund path with the reason
 * and its code; the customer hears why in the refund's mail. Nothing is delivered and the cart stays. Answers whether
 * this call refused it.
 */
async function refuseLatePayment(
  deps: Pick<ApiDeps, "db" | "log" | "outbox" | "config" | "metrics" | "catalog">,
  razorpayOrderId: string,
  payment: ReportedPayment & { userId?: string },
  refusal: Refusal,
  was: PaymentStatus | undefined,
  now: Date,
): Promise<boolean> {
  const reason = lateRefusalReason(refusal, was);
  const moved = await moveOrder(
    deps,
    {
      kind: "payment",
      move: "refuse",
      which: and(eq(orders.razorpayOrderId, razorpayOrderId), paymentGuard(payment))!,
      set: { paymentId: payment.paymentId, paidAt: now },
      during: async (tx, order) => {
        await tx.insert(payments).values({
          id: payment.paymentId,
          orderId: order.id,
          amountPaise: payment.amountPaise ?? order.amountPaise,
          status: "captured",
          method: payment.method ?? null,
          source: payment.source,
          createdAt: now,
        });
        const [row] = await tx
          .insert(refunds)
          .values({ orderId: order.id, paymentId: payment.paymentId, amountPaise: order.amountPaise, reason, reasonCode: refusal.code, idempotencyKey: `unhonourable:${order.id}`, requestedBy: null })
          .returning();
        return row!;
      },
    },
    now,
  );
  if (!moved) return false;
  deps.log.warn({ orderId: moved.order.id, paymentId: payment.paymentId, code: refusal.code }, "late payment for an order that can no longer be honoured: refunded in full");
  await sendToProvider(deps, moved.during);
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
 * A failed attempt (move `fail`): recorded, and a still-pending order is failed so it stops holding the month's
 * discount, its promo code's use and its stock (given back in the same transaction).
 */
export async function recordFailedPayment(deps: ApiDeps, razorpayOrderId: string, payment: ReportedPayment, now = new Date()): Promise<void> {
  await moveOrder(
    deps,
    {
      kind: "payment",
      move: "fail",
      which: eq(orders.razorpayOrderId, razorpayOrderId),
      during: async (tx, order) => {
        await tx
          .insert(payments)
          .values({ id: payment.paymentId, orderId: order.id, amountPaise: payment.amountPaise ?? order.amountPaise, status: "failed", method: payment.method ?? null, source: payment.source, createdAt: now })
          .onConflictDoNothing();
      },
    },
    now,
  );
}
