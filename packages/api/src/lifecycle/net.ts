import { orders, refunds } from "@mithai/db/schema";
import { and, eq, ne, sql, type SQL, type SQLWrapper } from "@mithai/db/sql";

/**
 * Net = paid − refunded (DECISIONS "The order's life"): the one definition behind every figure of sales or spend —
 * the dashboard's today, the customers list's "spent", the CSV, `mithai-admin sales` and the typed client's answers.
 * Refunded counts every refund that has not failed (pending ones are on their way back).
 */

/** SQL: paise refunded or on the way back for the order whose id is `orderId` (a column of the surrounding query). */
export function refundedPaiseSql(orderId: SQLWrapper = orders.id): SQL<number> {
  return sql<number>`(select coalesce(sum(${refunds.amountPaise}), 0)::int from ${refunds} where ${and(eq(refunds.orderId, orderId as typeof orders.id), ne(refunds.status, "failed"))})`;
}

/** SQL: the order's net paise (its amount if paid, less what was refunded); 0 for an order never paid. */
export function netPaiseSql(order: { id: SQLWrapper; amountPaise: SQLWrapper; paymentStatus: SQLWrapper } = orders): SQL<number> {
  return sql<number>`(case when ${order.paymentStatus} = ${"paid"} then ${order.amountPaise} - ${refundedPaiseSql(order.id)} else 0 end)`;
}

/** Net of one order in JavaScript, from its amount and its refunds' paise (failed ones excluded by the caller's sum). */
export function netPaise(amountPaise: number, refundedPaise: number): number {
  return amountPaise - refundedPaise;
}

/**
 * SQL: the order is KEPT — paid, not cancelled, not fully refunded. The ₹150 discount counts kept orders only.
 */
export function keptOrderSql(): SQL {
  return sql`(${eq(orders.paymentStatus, "paid")} and ${ne(orders.status, "Cancelled")} and ${refundedPaiseSql()} < ${orders.amountPaise})`;
}
