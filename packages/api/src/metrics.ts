import type { RefundStatus } from "@mithai/schema";

/**
 * What an order arrived at, as the shop's order counters count it: `placed` (a pending order was created), a
 * payment outcome (`paid`, `failed`, `expired`, `refunded` — a late payment refunded in full), or `cancelled`.
 */
export const ORDER_MOVES = ["placed", "paid", "failed", "expired", "refunded", "cancelled"] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

/**
 * The shop's own counters, as the domain reports them. The server counts them for Prometheus (`mithai_orders_total`,
 * `mithai_refunds_total`); tests and tools run with NO_METRICS. Each call is made once per change, after the
 * transaction that made it committed, so a counter never counts what was rolled back.
 */
export interface ShopMetrics {
  /** One order arrived at `to`. */
  orderMoved(to: OrderMove): void;
  /** One refund reached `status`: `pending` when it is asked for, then `processed` or `failed`. */
  refundSettled(status: RefundStatus): void;
}

export const NO_METRICS: ShopMetrics = {
  orderMoved() {},
  refundSettled() {},
};
