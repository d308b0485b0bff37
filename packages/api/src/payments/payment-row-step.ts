import type { DbOrTx } from "@mithai/db/client";
import { payments } from "@mithai/db/schema";
import { sql } from "@mithai/db/sql";
import { FINALIZE_VALUES as value, type PaidOrders } from "./paid-gate";

/** Finalisation step: the payment's row (a payment id already recorded fails the whole statement: paid once). */
export function paymentRowStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("recorded").as(
    db
      .insert(payments)
      .select(
        db
          .select({
            id: sql<string>`${value.paymentId}::text`.as("id"),
            orderId: sql<string>`${paid.id}`.as("order_id"),
            amountPaise: sql<number>`coalesce(${value.amountPaise}::integer, ${paid.amountPaise})`.as("amount_paise"),
            status: sql<string>`'captured'`.as("status"),
            method: sql<string | null>`${value.method}::text`.as("method"),
            source: sql<string>`${value.source}::text`.as("source"),
            createdAt: sql<Date>`${value.now}::timestamptz`.as("created_at"),
          })
          .from(paid),
      )
      .returning({ id: payments.id }),
  );
}
