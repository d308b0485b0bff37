import type { Tx } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { and, eq, inArray, type SQL } from "@mithai/db/sql";
import type { OrderStatus } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError, notFound } from "../errors";
import { recordStatusChange } from "../orders/status-history";
import { releaseStock } from "../stock/stock";
import { returnClawbacks, type RefundRow } from "../refunds/ledger";
import { sendToProvider } from "../refunds/provider-sync";
import { PAYMENT_MOVES, allowedNextStatuses, type PaymentMove } from "./transitions";
import { customerRowsLockedFirst, lockOrderAndCustomer, paymentStatusIn } from "./query";

export type OrderRow = typeof orders.$inferSelect;
type MoveDeps = Pick<ApiDeps, "db" | "metrics" | "catalog" | "outbox" | "config" | "log">;

/** A payment move: which order (`which`, a condition on the orders table), and columns set with it. */
export interface PaymentMoveRequest<T> {
  kind: "payment";
  move: PaymentMove;
  which: SQL;
  set?: Partial<Pick<OrderRow, "paymentId" | "paidAt">>;
  /** Work done in the same transaction once the order moved (a refund's record, a payment row). */
  during?: (tx: Tx, order: OrderRow) => Promise<T>;
}

/** A fulfilment move of a paid order, by an admin or the customer (`by`; null for the shop itself). */
export interface FulfilmentMoveRequest<T> {
  kind: "fulfilment";
  orderId: string;
  to: OrderStatus;
  by: string | null;
  /** Extra conditions the move needs (a customer's own order, within the cancellation window); unmet → `refusal`. */
  only?: SQL;
  refusal?: (tx: Tx, order: OrderRow) => Promise<AppError>;
  during?: (tx: Tx, order: OrderRow) => Promise<T>;
}

export type MoveRequest<T> = PaymentMoveRequest<T> | FulfilmentMoveRequest<T>;
/**
 * The order moved (the first, when `which` picked several), what `during` answered, items restocked, orders moved, and
 * the clawbacks the move gave back (refunds/ledger.ts returnClawbacks), sent to the provider after the commit.
 */
export type Moved<T> = { order: OrderRow; during: T; restocked: number; count: number; returned: RefundRow[] };

/**
 * The one entry point through which an order moves once placed: place (expiring the customer's older open order),
 * the abandon call, the reconciler's expiry, a failed payment, a late payment the shop refuses, cancellation, and the
 * admin's status change all come here (payment itself is `finalizePaid`'s guarded statement, whose guard is
 * PAYMENT_MOVES.pay and .payLate). In one transaction: the guarded UPDATE (only from the statuses the move allows),
 * the claims it gives back (an unpaid order's reserved stock; its promo use and discount slot go with its status),
 * the timeline and the customer's mail for a fulfilment move, and the caller's `during`. After the commit the order
 * counters count it and the catalogue hears of stock given back.
 *
 * A payment move that finds no order in a starting status answers null (someone else moved it: harmless). A
 * fulfilment move that is not allowed is refused with 409 TRANSITION_NOT_ALLOWED and nothing changes; moving to the
 * status the order has answers null.
 */
export async function moveOrder<T = undefined>(deps: MoveDeps, request: MoveRequest<T>, now = new Date()): Promise<Moved<T> | null> {
  const moved = await deps.db.transaction((tx) => moveOrderIn(tx, request, now));
  await afterMove(deps, request, moved);
  return moved;
}

/** The same move inside the caller's transaction (place expiring the customer's older open order); call `afterMove` after its commit. */
export function moveOrderIn<T>(tx: Tx, request: MoveRequest<T>, now = new Date()): Promise<Moved<T> | null> {
  return request.kind === "payment" ? movePayment(tx, request, now) : moveFulfilment(tx, request, now);
}

/** After the commit: the order counters count the move, the catalogue hears of stock given back, the outbox wakes. */
export async function afterMove(deps: MoveDeps, request: MoveRequest<unknown>, moved: Moved<unknown> | null): Promise<void> {
  if (!moved) return;
  if (request.kind === "payment") for (let i = 0; i < moved.count; i++) deps.metrics.orderMoved(PAYMENT_MOVES[request.move].counted);
  else if (request.to === "Cancelled") deps.metrics.orderMoved("cancelled");
  if (moved.restocked > 0) await deps.catalog.changed();
  if (request.kind === "fulfilment") deps.outbox.wake();
  for (const refund of moved.returned) await sendToProvider(deps, refund);
}

async function movePayment<T>(tx: Tx, request: PaymentMoveRequest<T>, now: Date): Promise<Moved<T> | null> {
  const { to, from } = PAYMENT_MOVES[request.move];
  const moved = await tx
    .update(orders)
    .set({ ...request.set, paymentStatus: to, updatedAt: now })
    .where(and(request.which, paymentStatusIn(from), customerRowsLockedFirst(request.which)))
    .returning();
  const [order] = moved;
  if (!order) return null;
  // An order that will not be paid gives its reserved stock back (once: stock_held turns off).
  const restocked = await releaseStock(tx, inArray(orders.id, moved.map((row) => row.id)));
  const during = request.during ? await request.during(tx, order) : (undefined as T);
  // A discounted order that ends unpaid relied on nothing after all.
  const returned: RefundRow[] = [];
  if (to !== "paid") for (const row of moved) returned.push(...(await returnClawbacks(tx, row)));
  return { order, during, restocked, count: moved.length, returned };
}

/**
 * A fulfilment move inside the caller's transaction (a refund of everything left cancels the order it refunds); the
 * caller counts it after its commit. Same checks as `moveOrder`.
 */
export async function moveFulfilmentIn<T>(tx: Tx, request: FulfilmentMoveRequest<T>, now = new Date()): Promise<Moved<T> | null> {
  return moveFulfilment(tx, request, now);
}

async function moveFulfilment<T>(tx: Tx, request: FulfilmentMoveRequest<T>, now: Date): Promise<Moved<T> | null> {
  const order = await lockOrderAndCustomer(tx, request.orderId);
  if (!order) throw notFound("Order not found");
  if (request.only) {
    const [fits] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, order.id), request.only));
    if (!fits) throw request.refusal ? await request.refusal(tx, order) : notFound("Order not found");
  }
  if (order.paymentStatus !== "paid") throw new AppError("TRANSITION_NOT_ALLOWED", "Only paid orders can change status");
  if (order.status === request.to) return null;
  if (!allowedNextStatuses(order.status).includes(request.to)) throw notAllowed(order.status, request.to);
  const [changed] = await tx.update(orders).set({ status: request.to, updatedAt: now }).where(eq(orders.id, order.id)).returning();
  await recordStatusChange(tx, { orderId: order.id, status: request.to, changedBy: request.by, userId: order.userId });
  const during = request.during ? await request.during(tx, changed!) : (undefined as T);
  const returned = request.to === "Cancelled" ? await returnClawbacks(tx, changed!) : [];
  return { order: changed!, during, restocked: 0, count: 1, returned };
}

/** 409: the move is not one the order's life allows, with what it does allow. */
export function notAllowed(from: string, to: string): AppError {
  const next = allowedNextStatuses(from);
  const allowed = next.length > 0 ? `from "${from}" it can move to: ${next.join(", ")}` : `nothing follows "${from}"`;
  return new AppError("TRANSITION_NOT_ALLOWED", `An order cannot go from "${from}" to "${to}": ${allowed}.`);
}
