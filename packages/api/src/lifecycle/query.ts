import type { Tx } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "@mithai/db/sql";
import { PAYMENT_STATUS_SETS, type PaymentStatus, type PaymentStatusSet } from "@mithai/schema";

/**
 * `payment_status in (…)` for one of the declared sets (`packages/schema/src/order.ts` PAYMENT_STATUS_SETS) or a move's
 * starting statuses: the one way a query names several payment statuses, as parameters, never as SQL text.
 * `column` is the orders table's column unless another alias's is given.
 */
export function paymentStatusIn(set: PaymentStatusSet | readonly PaymentStatus[], column: SQLWrapper = orders.paymentStatus): SQL {
  const statuses = typeof set === "string" ? PAYMENT_STATUS_SETS[set] : set;
  return inArray(column as typeof orders.paymentStatus, [...statuses]);
}

/**
 * A condition for a statement that moves or locks the orders `which` picks: true for each of them, once their
 * customers' rows are locked. Every move takes the customer's row before the order's, as place does
 * (orders/open-order.ts locks the customer, then expires the previous open order): a payment that took the order
 * first and the customer after (clearing the open order, or a foreign-key check on changing the order's row twice)
 * waited crosswise with a place by the same customer, and PostgreSQL ended one of them with a deadlock. The rows are
 * locked in id order, so a move over several customers takes them alike; FOR NO KEY UPDATE, the lock an update of the
 * row takes, so a foreign-key check elsewhere (an insert naming the customer) is not held up.
 */
export function customerRowsLockedFirst(which: SQL): SQL {
  return sql`${orders.userId} in (select ${users.id} from ${users} where ${users.id} in (select ${orders.userId} from ${orders} where ${which}) order by ${users.id} for no key update)`;
}

/**
 * The order's row, locked for update once its customer's row is (customerRowsLockedFirst): what a status move, a cancel
 * and a refund start from. Taking the customer's row also makes them wait for a place by the same customer, and a place
 * for them: a place counting the month's kept orders for the ₹150 and a cancel deciding its clawback see each other.
 */
export async function lockOrderAndCustomer(tx: Tx, orderId: string): Promise<typeof orders.$inferSelect | undefined> {
  const which = eq(orders.id, orderId);
  const [order] = await tx.select().from(orders).where(and(which, customerRowsLockedFirst(which))).for("update");
  return order;
}
