import { and, asc, eq, isNull, lt, ne } from "@mithai/db/sql";
import { orders, refunds } from "@mithai/db/schema";
import type { RefundAnswer } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { callProvider } from "../payments/razorpay-client";
import { answerOf, recordRefund, refundedPaise, refundMessage, settleRefund, type RefundDeps, type RefundRequest, type RefundRow } from "./ledger";

/**
 * The payment service's side of refunds: a refund recorded in the ledger (ledger.ts) is asked for there, its answer
 * kept, a lost answer looked up by our id, a failed one retried, and the pending ones reconciled.
 */

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
  for (const returned of recorded.returned) await sendToProvider(deps, returned);
  if (!recorded.fresh) return answerOf(recorded.row, refundMessage(recorded.row));
  const sent = await sendToProvider(deps, recorded.row);
  return answerOf(sent, refundMessage(sent));
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
    providerRefund = await callProvider(deps, (client) =>
      client.payments.refund(row.paymentId, {
        amount: row.amountPaise,
        receipt: row.id,
        notes: { refundId: row.id, orderId: row.orderId },
      }),
    );
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
  const answer = await callProvider(deps, (client) => client.payments.fetchMultipleRefund(row.paymentId, { count: 100 }));
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
  const answer = await callProvider(deps, (client) => client.refunds.fetch(providerRefundId));
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
