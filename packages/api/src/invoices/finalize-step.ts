import type { DbOrTx } from "@mithai/db/client";
import { invoices } from "@mithai/db/schema";
import { sql } from "@mithai/db/sql";
import { FINALIZE_VALUES as value, type PaidOrders } from "../payments/paid-gate";
import { nextSerial } from "./series";

/**
 * Finalisation step: the tax invoice's number, the next in this financial year's series. The series row stays locked
 * until the statement commits (and is rolled back with it), so numbers are consecutive without gaps.
 */
export function invoiceNumberStep(db: DbOrTx, paid: PaidOrders) {
  const counted = nextSerial(db, "counted", paid, "invoice", value.year);
  const invoiced = db.$with("invoiced").as(
    db
      .insert(invoices)
      .select(
        db
          .select({
            orderId: sql<string>`${paid.id}`.as("order_id"),
            number: sql<string>`${value.invoiceNumberPrefix}::text || ${counted.last}`.as("number"),
            financialYear: sql<string>`${value.year}::text`.as("financial_year"),
            serial: sql<number>`${counted.last}`.as("serial"),
            issuedAt: sql<Date>`${value.now}::timestamptz`.as("issued_at"),
          })
          .from(paid)
          .crossJoin(counted),
      )
      .returning({ number: invoices.number }),
  );
  return [counted, invoiced] as const;
}
