import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUS_SETS, type PaymentStatus } from "@mithai/schema";
import type { OrderMove } from "../metrics";

/**
 * The order's life as data (shared/DECISIONS.md "The order's life"). An order has three sides:
 * - payment: pending → paid | failed | expired; failed/expired → paid (a late payment that passes the checks) or
 *   refunded (one that does not: the money goes back in full); never back from paid;
 * - fulfilment, once paid: `Order Recieved` → `Food Processing` → `Out for delivery` → `Delivered`, forward with
 *   skipping, one step back for a correction, `Cancelled` from any state before `Delivered`, never out of `Delivered`
 *   or `Cancelled`;
 * - refunds: pending → processed | failed; failed → pending (a retry).
 * Every move names what it is; `moveOrder` (move.ts) is the one place an order's payment status or fulfilment status
 * changes, and it refuses any move not listed here with 409 TRANSITION_NOT_ALLOWED.
 */

/** The payment side's moves: from which statuses each may start, where it ends, and what the order counters call it. */
export const PAYMENT_MOVES = {
  /** The verify call, the webhook or the reconciler found the open order paid. */
  pay: { from: ["pending"], to: "paid", counted: "paid" },
  /** A late payment for an order that failed or expired, honoured because every check of `place` still holds. */
  payLate: { from: PAYMENT_STATUS_SETS.unpaid, to: "paid", counted: "paid" },
  /** A payment the shop cannot honour (late, and something changed): refunded in full, never paid. */
  refuse: { from: PAYMENT_STATUS_SETS.unpaid, to: "refunded", counted: "refunded" },
  /** The provider said the attempt failed. */
  fail: { from: ["pending"], to: "failed", counted: "failed" },
  /** Unpaid past PAYMENT_WINDOW_MINUTES (the reconciler), the window closed (abandon), or a newer place by the same customer. */
  expire: { from: ["pending"], to: "expired", counted: "expired" },
} as const satisfies Record<string, { from: readonly PaymentStatus[]; to: PaymentStatus; counted: OrderMove }>;
export type PaymentMove = keyof typeof PAYMENT_MOVES;

/** Whether `move` may start from `status`. */
export function paymentMoveAllowed(move: PaymentMove, status: PaymentStatus): boolean {
  return (PAYMENT_MOVES[move].from as readonly PaymentStatus[]).includes(status);
}

/** The kitchen's forward path; `Cancelled` stands beside it. */
export const FULFILMENT_PATH = ["Order Recieved", "Food Processing", "Out for delivery", "Delivered"] as const satisfies readonly OrderStatus[];
/** Statuses no move leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ["Delivered", "Cancelled"];
/** Statuses an admin is asked to confirm before setting: nothing leads out of them. */
export const IRREVERSIBLE_STATUSES = FINAL_STATUSES;

/**
 * The fulfilment statuses a paid order in `current` may move to, in the kitchen's order: any later step of the path
 * (skipping allowed), the one step before (a correction), and `Cancelled` while not delivered. Nothing leaves
 * `Delivered` or `Cancelled`; an order not paid yet (status empty) has no fulfilment moves.
 */
export function allowedNextStatuses(current: string): OrderStatus[] {
  const at = (FULFILMENT_PATH as readonly string[]).indexOf(current);
  if (at < 0 || current === "Delivered") return [];
  const back = at > 0 ? [FULFILMENT_PATH[at - 1]!] : [];
  return ORDER_STATUSES.filter((status) => (back as string[]).includes(status) || FULFILMENT_PATH.indexOf(status as never) > at || status === "Cancelled");
}

export function fulfilmentMoveAllowed(from: string, to: OrderStatus): boolean {
  return allowedNextStatuses(from).includes(to);
}
