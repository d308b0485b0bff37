import { orders } from "@mithai/db/schema";
import { inArray, type SQL, type SQLWrapper } from "@mithai/db/sql";
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
