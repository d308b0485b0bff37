import { preparedQuery, type DbOrTx } from "@mithai/db/client";
import { foodItems, orders, type OrderItemSnapshot } from "@mithai/db/schema";
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "@mithai/db/sql";
import { stockShortMessage } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { onSaleItemId } from "../catalog/food-items";
import { paymentStatusIn } from "../lifecycle/query";


/** 409 "Only 3 kg of Kaju Katli left" (or "… is sold out"), as answers, the cart and the order page word it. */
export function stockShort(name: string, leftKg: number): AppError {
  return new AppError("STOCK_SHORT", stockShortMessage(name, leftKg));
}

/**
 * Refuses lines asking more than the catalogue says is left (read without locking: the answer a customer gets
 * before anything is written, and before the payment provider is asked for an order). The reservation itself
 * decides under lock.
 */
export function checkStock(lines: readonly { name: string; quantity: number; stockKg: number | null }[]): void {
  for (const line of lines) {
    if (line.stockKg !== null && line.quantity > line.stockKg) throw stockShort(line.name, line.stockKg);
  }
}

// The lines go as one JSON parameter, so each statement is one prepared shape however many lines an order has.
const lockTrackedItems = preparedQuery((db) =>
  db
    .select({ id: foodItems.id, name: foodItems.name, stockKg: foodItems.stockKg })
    .from(foodItems)
    .where(and(sql`${foodItems.id} in (select jsonb_array_elements_text(${sql.placeholder("ids")}::jsonb)::uuid)`, isNotNull(foodItems.stockKg)))
    .orderBy(asc(foodItems.id))
    .for("update")
    .prepare("lock_tracked_items"),
);

const takeStock = preparedQuery((db) =>
  db
    .update(foodItems)
    .set({ stockKg: sql`${foodItems.stockKg} - w.q`, updatedAt: sql`now()` })
    .from(sql`jsonb_to_recordset(${sql.placeholder("taken")}::jsonb) as w(id uuid, q integer)`)
    .where(sql`${foodItems.id} = w.id`)
    .prepare("take_stock"),
);

/**
 * Takes the lines' quantities off the stock of tracked items, inside the caller's transaction: the tracked rows
 * are locked in id order (so two orders never wait on each other crosswise), checked, and decremented in one
 * statement. A line asking for more than is left throws 409 naming it, and the transaction takes nothing.
 * Untracked items are neither locked nor touched, so checkout without stock costs one indexed read.
 * Answers the lines with `reserved` set on those whose stock was taken.
 */
export async function reserveStock(tx: DbOrTx, lines: readonly OrderItemSnapshot[]): Promise<OrderItemSnapshot[]> {
  const tracked = await lockTrackedItems(tx).execute({ ids: JSON.stringify(lines.map((line) => line.foodItemId)) });
  if (tracked.length === 0) return lines.map(({ reserved: _reserved, ...line }) => line);
  const left = new Map(tracked.map((item) => [item.id, item.stockKg!]));
  const taken = lines.filter((line) => left.has(line.foodItemId));
  for (const line of taken) {
    const kg = left.get(line.foodItemId)!;
    if (line.quantity > kg) throw stockShort(line.name, kg);
  }
  await takeStock(tx).execute({ taken: JSON.stringify(taken.map((line) => ({ id: line.foodItemId, q: line.quantity }))) });
  return lines.map(({ reserved: _reserved, ...line }) => (left.has(line.foodItemId) ? { ...line, reserved: true } : line));
}

/**
 * Gives back the stock of the orders `which` selects that still hold it, once each: one statement turns
 * `stock_held` off and adds their reserved lines back to items still tracked. The items' rows are locked in id
 * order first, as reserveStock locks them: updated in the join's order instead, a release and a reservation of the
 * same sweets could each hold a row the other waits for (PostgreSQL aborts one: a checkout answered 500).
 * Answers how many items got stock back.
 */
export async function releaseStock(db: DbOrTx, which: SQL): Promise<number> {
  const result: unknown = await db.execute(sql`
    with released as (
      update ${orders} set stock_held = false where ${orders.stockHeld} and ${which} returning ${orders.items}
    ), lines as (
      select (line ->> 'foodItemId')::uuid as id, sum((line ->> 'quantity')::integer)::integer as q
        from released, jsonb_array_elements(released.items) as line
        where (line ->> 'reserved')::boolean is true group by 1
    ), locked as materialized (
      select ${foodItems.id} as id from ${foodItems}
        where ${foodItems.id} in (select id from lines) and ${foodItems.stockKg} is not null
        order by ${foodItems.id} for update
    ), restocked as (
      update ${foodItems} set stock_kg = ${foodItems.stockKg} + lines.q, updated_at = now()
        from lines join locked on locked.id = lines.id
        where ${foodItems.id} = lines.id and ${foodItems.stockKg} is not null returning ${foodItems.id}
    )
    select (select count(*)::int from restocked) as restocked`);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { restocked: number }[];
  return row?.restocked ?? 0;
}

/** An unpaid order that failed or expired (its payment never came, or not yet). */
export const unpaidOrderSql = paymentStatusIn("unpaid");

/**
 * Releases the stock of failed and expired orders still holding it: a repair for rows left by late payments revived
 * before the retake and the payment shared one transaction (none arise now).
 */
export async function releaseUnpaidStock(deps: Pick<ApiDeps, "db" | "catalog">, orderId?: string): Promise<number> {
  const released = await releaseStock(deps.db, orderId ? sql`${unpaidOrderSql} and ${orders.id} = ${orderId}` : unpaidOrderSql);
  if (released > 0) await deps.catalog.changed();
  return released;
}

/** The admin list's quick edit: kilograms left to sell, or null to stop tracking. */
export async function setStock(deps: Pick<ApiDeps, "db" | "catalog">, id: string, stockKg: number | null): Promise<{ success: true; stockKg: number | null }> {
  const itemId = await onSaleItemId(deps.db, id);
  await deps.db.update(foodItems).set({ stockKg, updatedAt: sql`now()` }).where(and(eq(foodItems.id, itemId), isNull(foodItems.removedAt)));
  await deps.catalog.changed();
  return { success: true, stockKg };
}
