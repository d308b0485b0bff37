import type { Tx } from "@mithai/db/client";
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "@mithai/db/sql";
import { creditNotes, mailOutbox, orders, refunds } from "@mithai/db/schema";
import type { OrderRefund, OrderStatus, OutboxChannel, RefundAnswer, RefundStatus } from "@mithai/schema";
import { clawbackTakesAll, financialYear, formatRupees, paiseToRupees, shopMonthRange } from "@mithai/schema";
import { clawbackFor } from "../lifecycle/clawback";
import { moveFulfilmentIn, type OrderRow } from "../lifecycle/move";
import { lockOrderAndCustomer } from "../lifecycle/query";
import { FINAL_STATUSES } from "../lifecycle/transitions";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { accountEmailSql, queuedMailColumns } from "../mail/queue";
import { documentNumberPrefix, nextSerial } from "../invoices/series";
import { releaseStock } from "../stock/stock";

/**
 * Refunds: money back on a paid order, in full or in part. `requestRefund` (provider-sync.ts) is the one way a refund starts (customer
 * cancellation, admin refund, the shop's automatic refunds); `settleRefund` is the one way it ends (the provider's
 * webhook and the reconciler both call it, and whichever comes first wins, as with finalizePaid).
 *
 * This module is the shop's ledger of refunds (the rows, what is left to refund, settling one with its credit note
 * and the customer's news); asking the payment service and keeping up with its answers is provider-sync.ts.
 */

export type RefundRow = typeof refunds.$inferSelect & { creditNoteNumber?: string | null };
export type RefundDeps = Pick<ApiDeps, "db" | "config" | "log" | "outbox" | "metrics">;

export const toOrderRefund = (row: RefundRow): OrderRefund => ({
  id: row.id,
  amount: paiseToRupees(row.amountPaise),
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  processedAt: row.processedAt?.toISOString() ?? null,
  failureReason: row.failureReason,
  creditNoteNumber: row.creditNoteNumber ?? null,
  clawback: paiseToRupees(row.clawbackPaise),
});

/** The refunds of these orders, oldest first, by order id (for order lists). */
export async function refundsByOrder(db: ApiDeps["db"], orderIds: string[]): Promise<Map<string, RefundRow[]>> {
  const byOrder = new Map<string, RefundRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ refund: refunds, creditNoteNumber: creditNotes.number })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const { refund, creditNoteNumber } of rows) byOrder.set(refund.orderId, [...(byOrder.get(refund.orderId) ?? []), { ...refund, creditNoteNumber }]);
  return byOrder;
}

/** Paise refunded or on the way back: every refund that has not failed. */
export const refundedPaise = (rows: RefundRow[]) => rows.filter((row) => row.status !== "failed").reduce((sum, row) => sum + row.amountPaise, 0);

export interface RefundRequest {
  orderId: string;
  /** Default: everything not yet refunded. */
  amountPaise?: number;
  reason: string;
  idempotencyKey?: string;
  /** Who asked; null for the shop's own refunds. */
  requestedBy: string | null;
  /** Give the order's reserved stock back (once per order): the sweets were never sent. */
  restock?: boolean;
  /** An admin refunding everything may waive the clawback (the ₹150 a later discounted order relied on this one for). */
  waiveClawback?: boolean;
  /** The refund is part of cancelling the order (its status already moved): never moves it again. */
  cancelling?: boolean;
}

/**
 * What a refund of everything left keeps back for a later discounted order that relied on this one (`reliedOnPaise`,
 * lifecycle/clawback.ts): the discount, never more than is left to refund.
 */
export const keptBackOf = (reliedOnPaise: number, leftPaise: number) => Math.max(0, Math.min(reliedOnPaise, leftPaise));

/**
 * Refused: the clawback keeps back all that is left to refund on this order (less than ₹1 would go back), so a
 * refund or a cancellation with refund would send nothing. The admin may waive the clawback or cancel without a
 * refund; the customer keeps the order (and its sweets) rather than lose it for nothing.
 */
export class NothingLeftToRefund extends AppError {
  constructor(readonly keptPaise: number) {
    super(
      "REFUND_EXCEEDS_PAID",
      `Nothing can be refunded on this order: ${formatRupees(paiseToRupees(keptPaise))} of what is left is kept back because a later discounted order this month relied on this one. Waive the clawback to refund it, or cancel without a refund.`,
    );
  }
}

export const answerOf = (row: RefundRow, message: string): RefundAnswer => ({
  success: true,
  refund: { id: row.id, amount: paiseToRupees(row.amountPaise), status: row.status },
  message,
});

/**
 * The first half of a refund, inside the caller's transaction: checked against what is left, and stored pending. A
 * refund of everything left (the default amount) keeps back the clawback unless waived, and — unless the order was
 * delivered or is being cancelled by the caller — moves the order to `Cancelled` (a fully refunded order is Cancelled).
 */
export async function recordRefund(tx: Tx, request: RefundRequest): Promise<RecordedRefund> {
  const order = await lockOrderAndCustomer(tx, request.orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.paymentStatus !== "paid" || !order.paymentId) throw new AppError("TRANSITION_NOT_ALLOWED", "Only a paid order can be refunded.");
  if (request.idempotencyKey) {
    const [same] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, request.idempotencyKey)));
    if (same) return { row: same, fresh: false, restocked: 0, cancelled: false, returned: [] };
  }
  const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
  const left = order.amountPaise - refundedPaise(earlier);
  if (left <= 0) throw new AppError("REFUND_EXCEEDS_PAID", "This order has already been refunded in full.");
  // What a later discounted order relied on this one for stays with the shop, up to all that is left.
  const claw = request.waiveClawback ? 0 : keptBackOf((await clawbackFor(tx, order)).paise, left);
  const refundable = left - claw;
  if (clawbackTakesAll(left, claw)) throw new NothingLeftToRefund(claw);
  const amount = request.amountPaise ?? refundable;
  if (amount > refundable) {
    const kept = claw > 0 ? `; ${formatRupees(paiseToRupees(claw))} is kept back because a later discounted order this month relied on this one (an admin may waive it)` : "";
    throw new AppError("REFUND_EXCEEDS_PAID", `At most ${formatRupees(paiseToRupees(refundable))} can still be refunded on this order (${formatRupees(paiseToRupees(order.amountPaise))} paid${kept}).`);
  }
  const everything = amount === refundable;
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: order.paymentId,
      amountPaise: amount,
      reason: request.reason,
      clawbackPaise: everything ? claw : 0,
      idempotencyKey: request.idempotencyKey ?? null,
      requestedBy: request.requestedBy,
    })
    .returning();
  const restocked = request.restock ? await releaseStock(tx, sql`${orders.id} = ${order.id}`) : 0;
  const cancelled = everything && !request.cancelling && !FINAL_STATUSES.includes(order.status as OrderStatus);
  // A discounted order refunded in full no longer relies on the earlier order of its month: what was kept back from
  // that one's refund for it comes back (the move to Cancelled does it; a delivered order stays Delivered).
  const returned = cancelled
    ? ((await moveFulfilmentIn(tx, { kind: "fulfilment", orderId: order.id, to: "Cancelled", by: request.requestedBy }))?.returned ?? [])
    : everything && !request.cancelling
      ? await returnClawbacks(tx, order)
      : [];
  return { row: row!, fresh: true, restocked, cancelled, returned };
}

export interface RecordedRefund {
  row: RefundRow;
  /** False when the idempotency key found the same refund recorded before. */
  fresh: boolean;
  restocked: number;
  /** The refund moved the order to Cancelled. */
  cancelled: boolean;
  /** Clawbacks given back on the customer's earlier order because of it (returnClawbacks), to be sent after the commit. */
  returned: RefundRow[];
}

/** The idempotency key's prefix of a refund that gives back a clawback (then the discounted order's id). */
const CLAWBACK_RETURNED_KEY = "clawback-returned:";
/** The reason on a refund that gives back a clawback (returnClawbacks). */
export const CLAWBACK_RETURNED_REASON = "The clawback returned: the later discounted order it was kept back for was not paid, or was cancelled";

/**
 * The clawback lasts only as long as the reliance it was kept for (DECISIONS "The order's life"): when a discounted
 * order ends unpaid (expired, failed, abandoned) or is cancelled or refunded in full, what was kept back from the
 * refund of the earlier order of its month that it relied on is refunded too — unless another discounted order still
 * relies on that one. Inside the transaction that moved `moved` (its customer's row is locked), after the move;
 * answers the refunds recorded, for the caller to send to the provider after its commit.
 */
export async function returnClawbacks(tx: Tx, moved: Pick<OrderRow, "id" | "userId" | "discountApplied" | "discountMonth">): Promise<RefundRow[]> {
  if (!moved.discountApplied || !moved.discountMonth) return [];
  const { start, end } = shopMonthRange(moved.discountMonth);
  const clawedBack = await tx
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(refunds, eq(refunds.orderId, orders.id))
    .where(and(eq(orders.userId, moved.userId), ne(orders.id, moved.id), eq(orders.paymentStatus, "paid"), gte(orders.paidAt, start), lt(orders.paidAt, end), gt(refunds.clawbackPaise, 0)))
    .orderBy(orders.id);
  const returned: RefundRow[] = [];
  for (const { id } of clawedBack) {
    const order = await lockOrderAndCustomer(tx, id);
    if (!order || (await clawbackFor(tx, order)).paise > 0) continue;
    const rows = await tx.select().from(refunds).where(eq(refunds.orderId, id));
    // What was kept back and not returned yet (by another discounted order's end), never more than is left unrefunded:
    // a refund that failed stays the admin's to retry, so it still counts as owed.
    const returnedBefore = rows.filter((row) => row.idempotencyKey?.startsWith(CLAWBACK_RETURNED_KEY)).reduce((sum, row) => sum + row.amountPaise, 0);
    const keptBack = rows.reduce((sum, row) => sum + row.clawbackPaise, 0) - returnedBefore;
    const kept = Math.min(keptBack, order.amountPaise - refundedPaise(rows));
    if (kept <= 0) continue;
    const recorded = await recordRefund(tx, { orderId: id, amountPaise: kept, reason: CLAWBACK_RETURNED_REASON, requestedBy: null, idempotencyKey: `${CLAWBACK_RETURNED_KEY}${moved.id}`, cancelling: true });
    if (recorded.fresh) returned.push(recorded.row);
  }
  return returned;
}

export function refundMessage(row: RefundRow): string {
  const amount = formatRupees(paiseToRupees(row.amountPaise));
  if (row.status === "processed") return `${amount} has been refunded.`;
  if (row.status === "pending" && !row.providerRefundId) return `The payment service has not confirmed the refund of ${amount} yet: it is being checked with them, and will not be sent twice.`;
  if (row.status === "failed") return `The refund of ${amount} failed: ${row.failureReason ?? "the payment service refused it"}. It can be retried.`;
  return `A refund of ${amount} is on its way back to the original payment method (usually 5–7 working days).`;
}

/**
 * The provider's final word on a refund. One statement: the refund leaves `pending` (only once, whoever calls) and,
 * when processed, the customer's mail is written to the outbox in the same statement.
 */
export async function settleRefund(
  deps: Pick<ApiDeps, "db" | "log" | "outbox" | "config" | "metrics">,
  providerRefundId: string,
  outcome: Exclude<RefundStatus, "pending">,
  options: { failureReason?: string; refundId?: string } = {},
): Promise<boolean> {
  const { failureReason, refundId } = options;
  // The provider's answer may arrive before its refund id was stored here: it also names our id (notes.refundId).
  const ours = refundId && /^[0-9a-f-]{36}$/i.test(refundId) ? and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)) : undefined;
  const { db } = deps;
  const now = new Date();
  const settled = db.$with("settled").as(
    db
      .update(refunds)
      .set({
        status: outcome,
        processedAt: outcome === "processed" ? now : null,
        failureReason: outcome === "failed" ? (failureReason ?? "the bank refused the refund") : null,
        providerRefundId,
        updatedAt: now,
      })
      .where(and(or(eq(refunds.providerRefundId, providerRefundId), ours), eq(refunds.status, "pending")))
      .returning(),
  );
  // The customer's mail, and the same news on WhatsApp when they opted in for the order.
  const news = (name: "mailed" | "whatsapped", channel: OutboxChannel, recipient: SQL, optedIn?: SQL) =>
    db.$with(name).as(
      db
        .insert(mailOutbox)
        .select(
          db
            .select(queuedMailColumns("refund-processed", sql`${settled.id}`, recipient, channel))
            .from(settled)
            .innerJoin(orders, eq(orders.id, settled.orderId))
            .where(and(eq(settled.status, "processed"), optedIn)),
        )
        .returning({ id: mailOutbox.id }),
    );
  const mailed = news("mailed", "mail", accountEmailSql(orders.userId));
  const whatsapped = news("whatsapped", "whatsapp", sql`${orders.notifyWhatsappTo}`, isNotNull(orders.notifyWhatsappTo));
  // A processed refund gets its credit note number, in the same statement (consecutive, no gaps).
  const year = financialYear(now);
  const processed = db.$with("processed").as(db.select({ id: settled.id, orderId: settled.orderId }).from(settled).where(eq(settled.status, "processed")));
  const counted = nextSerial(db, "counted", processed, "credit-note", year);
  const noted = db.$with("noted").as(
    db
      .insert(creditNotes)
      .select(
        db
          .select({
            refundId: sql<string>`${processed.id}`.as("refund_id"),
            orderId: sql<string>`${processed.orderId}`.as("order_id"),
            number: sql<string>`${documentNumberPrefix(deps.config.invoicePrefix, "credit-note", year)}::text || ${counted.last}`.as("number"),
            financialYear: sql<string>`${year}::text`.as("financial_year"),
            serial: sql<number>`${counted.last}`.as("serial"),
            issuedAt: sql<Date>`${now.toISOString()}::timestamptz`.as("issued_at"),
          })
          .from(processed)
          .crossJoin(counted),
      )
      .returning({ number: creditNotes.number }),
  );
  const rows = await db.with(settled, mailed, whatsapped, processed, counted, noted).select({ id: settled.id, orderId: settled.orderId }).from(settled);
  if (rows.length === 0) return false;
  deps.metrics.refundSettled(outcome);
  deps.log.info({ refundId: rows[0]!.id, orderId: rows[0]!.orderId, outcome }, "refund settled");
  if (outcome === "processed") deps.outbox.wake();
  return true;
}
