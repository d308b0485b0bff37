import { forgetOldIdempotencyKeys } from "../admin/idempotency";
import { and, asc, eq, lt, type SQL } from "@mithai/db/sql";
import { orders } from "@mithai/db/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { fetchProviderPayments } from "./razorpay-client";
import { reconcilePendingRefunds } from "../refunds/provider-sync";
import { finalizePaid } from "./finalize";
import { releaseUnpaidStock } from "../stock/stock";
import { moveOrder } from "../lifecycle/move";

/** Default age at which a pending order is checked with the provider (the server's RECONCILE_AFTER_SECONDS). */
export const RECONCILE_AFTER_MS = 5 * 60 * 1000;
/** How long an unpaid order holds what it claimed (the server's PAYMENT_WINDOW_MINUTES). */
export const paymentWindowMs = (deps: Pick<ApiDeps, "config">) => deps.config.paymentWindowMinutes * 60_000;
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
  const attempts = order.razorpayOrderId ? await fetchProviderPayments(deps, order.razorpayOrderId) : [];
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
  return (await expireOrder(deps, eq(orders.id, order.id), now)) ? "expired" : "pending";
}

/** Move `expire` (lifecycle): the unpaid order stops holding its stock (given back in the same transaction), promo use and discount slot. */
export async function expireOrder(deps: ApiDeps, which: SQL, now = new Date()): Promise<boolean> {
  return Boolean(await moveOrder(deps, { kind: "payment", move: "expire", which }, now));
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
  // An order is asked about once it is reconcileAfterMs old, and at the latest when its payment window ends.
  const askAfterMs = Math.min(reconcileAfterMs, paymentWindowMs(deps));
  const claimBefore = new Date(now.getTime() - Math.min(CLAIM_MS, askAfterMs));
  const candidates = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, "pending"),
        lt(orders.createdAt, new Date(now.getTime() - askAfterMs)),
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
      const expire = order.createdAt.getTime() <= now.getTime() - paymentWindowMs(deps);
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
  if (outcome !== "pending") return { paymentStatus: outcome };
  // Still pending, or moved meanwhile by someone else (a newer place expired it, its payment arrived): where it is now.
  const [current] = await deps.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
  return { paymentStatus: current?.paymentStatus ?? outcome };
}

/**
 * Before a newer place expires it (orders/open-order.ts): the customer's open order, if the provider shows it paid
 * (the payment went through but the browser closed before verify), is paid now instead; true when it was. Expired,
 * it would wait for the provider's webhook to be paid late, re-checked; a webhook lost with a server that died never
 * came. A provider that cannot be asked leaves it to the expiry and that webhook, as before: the new order is not held
 * up. It costs a place one provider call, and only when the customer has an open order.
 */
export async function payOpenOrderIfPaid(deps: ApiDeps, orderId: string, now = new Date()): Promise<boolean> {
  const [order] = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (order?.paymentStatus !== "pending") return false;
  try {
    return (await reconcileOrder(deps, order, false, now)) === "paid";
  } catch (error) {
    deps.log.warn({ err: error, orderId }, "could not ask the provider about the open order before placing a new one");
    return false;
  }
}

export interface ReconcilerOptions {
  /** Time between passes (default 1 minute). */
  intervalMs?: number;
  /** Age at which a pending order is checked (default RECONCILE_AFTER_MS). */
  reconcileAfterMs?: number;
  /** Told after every pass, with whether it went through (the server's metrics and health panel). */
  onPass?: (pass: { startedAt: Date; seconds: number; ok: boolean }) => void;
}

/** Runs the pass (pending orders, then pending refunds) every `intervalMs` (skipping a tick while one is still running) until stopped. */
export function startReconciler(deps: ApiDeps, { intervalMs = 60_000, reconcileAfterMs = RECONCILE_AFTER_MS, onPass }: ReconcilerOptions = {}): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    const startedAt = new Date();
    const passed = (ok: boolean) => onPass?.({ startedAt, seconds: (Date.now() - startedAt.getTime()) / 1000, ok });
    current ??= reconcilePendingOrders(deps, startedAt, reconcileAfterMs)
      .then(() => reconcilePendingRefunds(deps))
      // Idempotency-Key answers older than 24 hours are no longer answered: their rows go.
      .then(() => forgetOldIdempotencyKeys(deps.db))
      .then(
        () => passed(true),
        (error: unknown) => {
          deps.log.error({ err: error }, "reconciler pass failed");
          passed(false);
        },
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
