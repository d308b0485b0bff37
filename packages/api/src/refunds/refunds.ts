import type { Tx } from "@mithai/db/client";
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "@mithai/db/sql";
import { creditNotes, mailOutbox, orders, refunds } from "@mithai/db/schema";
import type { OrderStatus, RefundStatus } from "@mithai/schema/order";
import { MIN_PRICE_PAISE, formatRupees, paiseToRupees } from "@mithai/schema/money";
import { clawbackFor } from "../lifecycle/clawback";
import { moveFulfilmentIn } from "../lifecycle/move";
import { FINAL_STATUSES } from "../lifecycle/transitions";
import type { OrderRefund, RefundAnswer } from "@mithai/schema/order";
import type { OutboxChannel } from "@mithai/schema/mail";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { accountEmailSql, queuedMailColumns } from "../mail/queue";
import { documentNumberPrefix, nextSerial } from "../invoices/series";
import { financialYear } from "@mithai/schema/shop-clock";
import { createRazorpayClient } from "../payments/razorpay-client";
import { releaseStock } from "../stock/stock";

/**
 * Refunds: money back on a paid order, in full or in part. `requestRefund` is the one way a refund starts (customer
 * cancellation, admin refund, the shop's automatic refunds); `settleRefund` is the one way it ends (the provider's
 * webhook and the reconciler both call it, and whichever comes first wins, as with finalizePaid).
 */

type RefundRow = typeof refunds.$inferSelect & { creditNoteNumber?: string | null };
type RefundDeps = Pick<ApiDeps, "db" | "config" | "log" | "outbox" | "metrics">;

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

const answerOf = (row: RefundRow, message: string): RefundAnswer => ({
  success: true,
  refund: { id: row.id, amount: paiseToRupees(row.amountPaise), status: row.status },
  message,
});

/**
 * Records a refund and asks the provider for it. The order row is locked while the sum is checked, so concurrent
 * requests can never refund more than was paid; the same idempotency key on the same order refunds once.
 * `tx` lets a caller (a cancellation) record it in its own transaction; the provider is asked after the commit.
 */
export async function requestRefund(deps: RefundDeps & Pick<ApiDeps, "catalog">, request: RefundRequest): Promise<RefundAnswer> {
  const recorded = await deps.db.transaction((tx) => recordRefund(tx, request));
  if (recorded.cancelled) {
    deps.metrics.orderMoved("cancelled");
    deps.outbox.wake();
  }
  if (recorded.restocked > 0) await deps.catalog.changed();
  if (!recorded.fresh) return answerOf(recorded.row, refundMessage(recorded.row));
  const sent = await sendToProvider(deps, recorded.row);
  return answerOf(sent, refundMessage(sent));
}

/**
 * The first half of a refund, inside the caller's transaction: checked against what is left, and stored pending. A
 * refund of everything left (the default amount) keeps back the clawback unless waived, and — unless the order was
 * delivered or is being cancelled by the caller — moves the order to `Cancelled` (a fully refunded order is Cancelled).
 */
export async function recordRefund(tx: Tx, request: RefundRequest): Promise<{ row: RefundRow; fresh: boolean; restocked: number; cancelled: boolean }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.paymentStatus !== "paid" || !order.paymentId) throw new AppError("TRANSITION_NOT_ALLOWED", "Only a paid order can be refunded.");
  if (request.idempotencyKey) {
    const [same] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, request.idempotencyKey)));
    if (same) return { row: same, fresh: false, restocked: 0, cancelled: false };
  }
  const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
  const left = order.amountPaise - refundedPaise(earlier);
  if (left <= 0) throw new AppError("REFUND_EXCEEDS_PAID", "This order has already been refunded in full.");
  // What a later discounted order relied on this one for stays with the shop (at least ₹1 is still refunded).
  const claw = request.waiveClawback ? 0 : Math.min((await clawbackFor(tx, order)).paise, Math.max(0, left - MIN_PRICE_PAISE));
  const refundable = left - claw;
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
  if (cancelled) await moveFulfilmentIn(tx, { kind: "fulfilment", orderId: order.id, to: "Cancelled", by: request.requestedBy });
  return { row: row!, fresh: true, restocked, cancelled };
}

function refundMessage(row: RefundRow): string {
  const amount = formatRupees(paiseToRupees(row.amountPaise));
  if (row.status === "processed") return `${amount} has been refunded.`;
  if (row.status === "pending" && !row.providerRefundId) return `The payment service has not confirmed the refund of ${amount} yet: it is being checked with them, and will not be sent twice.`;
  if (row.status === "failed") return `The refund of ${amount} failed: ${row.failureReason ?? "the payment service refused it"}. It can be retried.`;
  return `A refund of ${amount} is on its way back to the original payment method (usually 5–7 working days).`;
}

/**
 * Asks the provider for a recorded refund (our id in its notes). A refusal leaves it failed, to be retried. A call
 * whose answer is lost (a timeout, a dropped connection, the provider's 5xx) may have been accepted all the same: the
 * refund stays pending without the provider's id until `reconcilePendingRefunds` looks it up by our id, so it is
 * never asked for twice.
 */
export async function sendToProvider(deps: RefundDeps, row: RefundRow): Promise<RefundRow> {
  deps.metrics.refundSettled("pending");
  let providerRefund: ProviderRefund;
  try {
    providerRefund = await createRazorpayClient(deps.config).payments.refund(row.paymentId, {
      amount: row.amountPaise,
      receipt: row.id,
      notes: { refundId: row.id, orderId: row.orderId },
    });
  } catch (cause) {
    const reason = providerErrorText(cause);
    if (!isProviderRefusal(cause)) {
      deps.log.warn({ refundId: row.id, orderId: row.orderId, reason }, "the payment service's answer to a refund was lost; it will be looked up there");
      return row;
    }
    deps.log.warn({ refundId: row.id, orderId: row.orderId, reason }, "refund refused by the payment service");
    const [failed] = await deps.db
      .update(refunds)
      .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, "pending")))
      .returning();
    if (failed) deps.metrics.refundSettled("failed");
    return failed ?? row;
  }
  return keepProviderRefund(deps, row, providerRefund);
}

type ProviderRefund = { id: string; status: string };

/** Stores the provider's refund for ours; one the provider settled already (instant refunds) is settled now, else its webhook will. */
async function keepProviderRefund(deps: RefundDeps, row: RefundRow, providerRefund: ProviderRefund): Promise<RefundRow> {
  // (The provider's webhook may have settled it already, storing the same id.)
  const [sent] = await deps.db
    .update(refunds)
    .set({ providerRefundId: providerRefund.id })
    .where(eq(refunds.id, row.id))
    .returning();
  if (providerRefund.status === "processed" || providerRefund.status === "failed") {
    await settleRefund(deps, providerRefund.id, providerRefund.status);
    const [settled] = await deps.db.select().from(refunds).where(eq(refunds.id, row.id));
    return settled!;
  }
  return sent!;
}

/**
 * The provider's refund made for ours by an earlier call whose answer was lost, found by our id in its notes;
 * one that failed moved no money and is left out. Throws when the provider cannot be asked.
 */
async function findProviderRefund(deps: Pick<RefundDeps, "config">, row: RefundRow): Promise<ProviderRefund | null> {
  const answer = await createRazorpayClient(deps.config).payments.fetchMultipleRefund(row.paymentId, { count: 100 });
  return answer.items.find((refund) => refund.notes?.refundId === row.id && refund.status !== "failed") ?? null;
}

/** Only an answer from the provider refusing the request (4xx) says it took nothing; anything else may hide an accepted refund. */
function isProviderRefusal(cause: unknown): boolean {
  const status = (cause as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function providerErrorText(cause: unknown): string {
  const described = (cause as { error?: { description?: unknown } })?.error?.description;
  if (typeof described === "string" && described) return described.slice(0, 300);
  return "the payment service did not answer";
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

/**
 * A failed refund, asked for again; the order's total is checked again first. An earlier call may have reached the
 * provider after all (its answer lost): the provider's refund for ours is then kept, never a second one made.
 */
export async function retryRefund(deps: RefundDeps, refundId: string): Promise<RefundAnswer> {
  const revived = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw new AppError("NOT_FOUND", "Refund not found");
    if (row.status !== "failed") throw new AppError("TRANSITION_NOT_ALLOWED", "Only a failed refund can be retried.");
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for("update");
    const others = await tx.select().from(refunds).where(and(eq(refunds.orderId, row.orderId), ne(refunds.id, row.id)));
    if (row.amountPaise > order!.amountPaise - refundedPaise(others)) throw new AppError("REFUND_EXCEEDS_PAID", "The order has been refunded by other refunds meanwhile.");
    const [again] = await tx
      .update(refunds)
      .set({ status: "pending", providerRefundId: null, failureReason: null, updatedAt: new Date() })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, "failed")))
      .returning();
    // Another retry of it won the order's lock first.
    if (!again) throw new AppError("TRANSITION_NOT_ALLOWED", "Only a failed refund can be retried.");
    return again;
  });
  let earlier: ProviderRefund | null;
  try {
    earlier = await findProviderRefund(deps, revived);
  } catch (error) {
    // Unknown whether an earlier call went through: left pending for the reconciler to look up.
    deps.log.warn({ err: error, refundId }, "could not look up a refund at the payment service before retrying it");
    return answerOf(revived, refundMessage(revived));
  }
  const sent = earlier ? await keepProviderRefund(deps, revived, earlier) : await sendToProvider(deps, revived);
  return answerOf(sent, refundMessage(sent));
}

/** How long a refund may wait for the provider's id before, if the provider has no record of it, it is taken to have failed. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;

/**
 * Refunds still pending at the provider for a while: asked about (when a webhook was lost), and settled. A refund
 * whose call's answer was lost is looked up at the provider by our id and kept; one the provider still has no record
 * of after INTERRUPTED_AFTER_MS is marked failed, safe to retry. Answers how many refunds it settled.
 */
export async function reconcilePendingRefunds(deps: RefundDeps, now = new Date(), olderThanMs = 60_000): Promise<number> {
  const stale = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.updatedAt, new Date(now.getTime() - olderThanMs))))
    .orderBy(asc(refunds.updatedAt))
    .limit(50);
  let settled = 0;
  for (const row of stale) {
    try {
      if (row.providerRefundId ? await settleFromProvider(deps, row, row.providerRefundId, now) : await settleUnconfirmed(deps, row, now)) settled++;
    } catch (error) {
      deps.log.error({ err: error, refundId: row.id }, "checking a pending refund failed");
    }
  }
  return settled;
}

async function settleFromProvider(deps: RefundDeps, row: RefundRow, providerRefundId: string, now: Date): Promise<boolean> {
  const answer = await createRazorpayClient(deps.config).refunds.fetch(providerRefundId);
  if (answer.status === "processed" || answer.status === "failed") return settleRefund(deps, providerRefundId, answer.status);
  await deps.db.update(refunds).set({ updatedAt: now }).where(and(eq(refunds.id, row.id), eq(refunds.status, "pending")));
  return false;
}

async function settleUnconfirmed(deps: RefundDeps, row: RefundRow, now: Date): Promise<boolean> {
  const found = await findProviderRefund(deps, row);
  if (found) return (await keepProviderRefund(deps, row, found)).status !== "pending";
  if (row.updatedAt.getTime() > now.getTime() - INTERRUPTED_AFTER_MS) return false;
  const [failed] = await deps.db
    .update(refunds)
    .set({ status: "failed", failureReason: "the payment service has no record of it; it can be retried", updatedAt: now })
    .where(and(eq(refunds.id, row.id), eq(refunds.status, "pending"), isNull(refunds.providerRefundId)))
    .returning({ id: refunds.id });
  if (failed) deps.metrics.refundSettled("failed");
  return false;
}
