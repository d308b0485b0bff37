import type { DbOrTx } from "@mithai/db/client";
import { orderStatusChanges } from "@mithai/db/schema";
import { sql } from "@mithai/db/sql";
import { ORDER_RECEIVED } from "@mithai/schema";
import { FINALIZE_VALUES as value, type PaidOrders } from "../payments/paid-gate";
import { keptOrdersBetweenSql } from "./discount";

/** Finalisation step: the timeline starts, "Order Recieved", by the payment itself. */
export function statusHistoryStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("timeline").as(
    db
      .insert(orderStatusChanges)
      .select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            orderId: sql<string>`${paid.id}`.as("order_id"),
            status: sql<string>`${ORDER_RECEIVED}::text`.as("status"),
            changedBy: sql<string | null>`null::uuid`.as("changed_by"),
            at: sql<Date>`${value.now}::timestamptz`.as("at"),
          })
          .from(paid),
      )
      .returning({ id: orderStatusChanges.id }),
  );
}

/**
 * Finalisation step of the ₹150 discount: the customer's kept orders paid earlier in this order's month (Asia/Kolkata),
 * which verify answers as `orderCount`. The statement's snapshot does not see this order as paid yet.
 */
export function discountStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("earlier").as(db.select({ count: keptOrdersBetweenSql(paid.userId, value.paidFrom, value.paidUntil).as("count") }).from(paid));
}
