import { and, asc, eq, lt, sql } from "@mithai/db/sql";
import { orders } from "@mithai/db/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { fetchProviderPayments } from "./razorpay-client";
import { reconcilePendingRefunds } from "../refunds/refunds";
import { finalizePaid } from "./finalize";
import { releaseStock, releaseUnpaidStock } from "../stock/stock";

/** Default age at which a pending order is checked with the provider (the server's RECONCILE_AFTER_SECONDS). */
export const RECONCILE_AFTER_MS = 5 * 60 * 1000;
export const EXPIRE_AFTER_MS = 30 * 60 * 1000;
/**
 * A process that claimed an order leaves it to itself for this long (never longer than the reconcile age), so
 * two servers do not check it twice; it is also how often one order still pending is asked about again.
 */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH_SIZE = 50;

type Outcome = "paid" | "expired" | "pending";

/** Asks the provider about one pending order: paid → finalized; unpaid and `expire` → expired. */
async function reconcileOrder(
  deps: ApiDeps,
  order: { id: string; razorpayOrderId: string | null },
  expire: boolean,
  now: Date,
): Promise<Outcome> {
  const attempts = order.razorpayOrderId ? await fetchProviderPayments(deps.config, order.razorpayOrderId) : [];
  const captured = attempts.find((payment) => payment.status === "captured");
  if (captured && order.razorpayOrderId) {
    await finalizePaid(deps, order.razorpayOrderId, {
      paymentId: captured.id,
      amountPaise: captured.amountPaise,
      method: captured.method,
      source: "reconciler",
    });
    return "paid";
  }
  // An attempt still in flight (e.g. a UPI request awaiting approval) may yet succeed.
  if (!expire || attempts.some((payment) => payment.status === "created" || payment.status === "authorized")) return "pending";
  const { expired, restocked } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentStatus: "expired", updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending")))
      .returning({ id: orders.id });
    // The stock it reserved goes back with the expiry, in one transaction.
    return { expired: Boolean(row), restocked: row ? await releaseStock(tx, sql`${orders.id} = ${row.id}`) : 0 };
  });
  if (restocked > 0) await deps.catalog.changed();
  return expired ? "expired" : "pending";
}

/**
 * One pass over pending orders older than `reconcileAfterMs` (the browser may have closed after paying).
 * Each order is claimed with a conditional update of `updated_at` first, so a second server running the
 * same pass skips it; finalizePaid and the conditional expiry keep any overlap harmless anyway.
 */
export async function reconcilePendingOrders(
  deps: ApiDeps,
  now = new Date(),
  reconcileAfterMs = RECONCILE_AFTER_MS,
): Promise<Record<Outcome, number>> {
  const tally: Record<Outcome, number> = { paid: 0, expired: 0, pending: 0 };
  // Stock still held by orders that failed or expired (left by older revivals of late payments) goes back.
  await releaseUnpaidStock(deps);
  const claimBefore = new Date(now.getTime() - Math.min(CLAIM_MS, reconcileAfterMs));
  const candidates = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, "pending"),
        lt(orders.createdAt, new Date(now.getTime() - reconcileAfterMs)),
        lt(orders.updatedAt, claimBefore),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH_SIZE);

  for (const order of candidates) {
    const [claimed] = await deps.db
      .update(orders)
      .set({ updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending"), lt(orders.updatedAt, claimBefore)))
      .returning({ id: orders.id });
    if (!claimed) continue;
    try {
      const expire = order.createdAt.getTime() <= now.getTime() - EXPIRE_AFTER_MS;
      tally[await reconcileOrder(deps, order, expire, now)] += 1;
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, "reconciling a pending order failed");
    }
  }
  return tally;
}

/**
 * The customer closed the payment window: unless the provider shows a payment (made or in flight), the
 * order expires at once, so it stops holding the month's discount. Only the customer's own pending order.
 */
export async function abandonPendingOrder(deps: ApiDeps, userId: string, orderId: string): Promise<{ paymentStatus: string }> {
  const [order] = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.paymentStatus !== "pending") return { paymentStatus: order.paymentStatus };
  const outcome = await reconcileOrder(deps, order, true, new Date());
  return { paymentStatus: outcome };
}

export interface ReconcilerOptions {
  /** Time between passes (default 1 minute). */
  intervalMs?: number;
  /** Age at which a pending order is checked (default RECONCILE_AFTER_MS). */
  reconcileAfterMs?: number;
}

/** Runs the pass (pending orders, then pending refunds) every `intervalMs` (skipping a tick while one is still running) until stopped. */
export function startReconciler(deps: ApiDeps, { intervalMs = 60_000, reconcileAfterMs = RECONCILE_AFTER_MS }: ReconcilerOptions = {}): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    current ??= reconcilePendingOrders(deps, new Date(), reconcileAfterMs)
      .then(() => reconcilePendingRefunds(deps))
      .then(
        () => undefined,
        (error: unknown) => deps.log.error({ err: error }, "reconciler pass failed"),
      )
      .finally(() => {
        current = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
