import { sql, type SQL } from "drizzle-orm";
import { check, type AnyPgColumn } from "drizzle-orm/pg-core";

const literal = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/**
 * `column in ('a', 'b')` from the list the values are declared in (`@mithai/schema`), written out as literals: a
 * constraint or partial index cannot take parameters, and the migration generator reads the text as it is.
 */
export function isOneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(", "))})`;
}

/** A CHECK that the column holds one of the declared values: the database refuses any other. */
export function checkOneOf(name: string, column: AnyPgColumn, values: readonly (string | number)[]) {
  return check(name, isOneOf(column, values));
}
