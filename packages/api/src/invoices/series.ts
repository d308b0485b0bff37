import type { Db, DbOrTx } from "@mithai/db/client";
import { documentSeries } from "@mithai/db/schema";
import { sql, type SQLWrapper } from "@mithai/db/sql";

export type DocumentSeries = "invoice" | "credit-note";

type Source = Parameters<ReturnType<Db["select"]>["from"]>[0];

/**
 * A CTE that takes the next number of a document series in a financial year, once per row of `source` (a CTE of the
 * same statement: the order just paid, the refund just processed). The series row stays locked until the statement
 * commits and is rolled back with it, so the numbers are consecutive without gaps.
 */
export function nextSerial(db: DbOrTx, name: string, source: Source, series: DocumentSeries, year: string | SQLWrapper) {
  return db.$with(name).as(
    db
      .insert(documentSeries)
      .select(
        db
          .select({
            series: sql<string>`${series}::text`.as("series"),
            financialYear: sql<string>`${year}::text`.as("financial_year"),
            last: sql<number>`1`.as("last"),
          })
          .from(source),
      )
      .onConflictDoUpdate({ target: [documentSeries.series, documentSeries.financialYear], set: { last: sql`${documentSeries.last} + 1` } })
      .returning({ last: documentSeries.last }),
  );
}

/** `MTH/26-27/42` for invoices, `MTHC/26-27/3` for credit notes (at most 16 characters with a 5-character prefix). */
export const documentNumberPrefix = (invoicePrefix: string, series: DocumentSeries, year: string) =>
  `${invoicePrefix}${series === "credit-note" ? "C" : ""}/${year}/`;
