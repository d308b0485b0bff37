import { and, eq, gte, lt, sql, type SQL, type SQLWrapper } from "@mithai/db/sql";
import type { DbOrTx } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { DISCOUNT_PAISE, DISCOUNTED_ORDER_NUMBER, MIN_PRICE_PAISE, shopMonth, shopMonthRange } from "@mithai/schema";
import { keptOrderSql } from "../lifecycle/net";

/** When the orders counted as paid in `month` (on the shop's clock) were paid: from its start, until its end or `before`. */
export function paidInMonthRange(month: string, before?: Date): { from: Date; until: Date } {
  const { start, end } = shopMonthRange(month);
  return { from: start, until: before && before < end ? before : end };
}

/**
 * SQL for how many of the customer's KEPT orders (paid, not cancelled, not fully refunded) were paid from `from` until
 * `until`: values, or a prepared query's placeholders (given ISO strings). The customer is an id, or a column of the
 * surrounding query. The ₹150 discount counts kept orders only (DECISIONS "The order's life").
 */
export function keptOrdersBetweenSql(userId: string | SQLWrapper, from: Date | SQLWrapper, until: Date | SQLWrapper): SQL<number> {
  const paidIn = and(eq(orders.userId, userId), keptOrderSql(), gte(orders.paidAt, from), lt(orders.paidAt, until));
  return sql<number>`(select count(*)::int from ${orders} where ${paidIn})`;
}

/**
 * SQL for how many of the customer's orders were paid in `month` (on the shop's clock), optionally only those paid before
 * `before`. The customer is an id, or a column of the surrounding query.
 */
export function paidOrdersInMonthSql(userId: string | SQLWrapper, month: string, before?: Date): SQL<number> {
  const { from, until } = paidInMonthRange(month, before);
  return keptOrdersBetweenSql(userId, from, until);
}

/** The customer's orders paid in `month` (on the shop's clock), optionally only those paid before `before`. */
export async function countPaidOrdersInMonth(db: DbOrTx, userId: string, month: string, before?: Date): Promise<number> {
  const [row] = await db.select({ value: paidOrdersInMonthSql(userId, month, before) }).from(users).where(eq(users.id, userId));
  return row?.value ?? 0;
}

/**
 * Whether an order placed now would be the customer's 2nd paid order this month. Whether another
 * pending order already holds the month's discount is settled by the database (orders_one_discount_per_month).
 */
export async function isDiscountMonthOrder(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return isDiscountOrderAfter(await countPaidOrdersInMonth(db, userId, shopMonth(now)));
}

/** Whether the next order is the discounted one, given how many were paid this month already. */
export function isDiscountOrderAfter(paidOrdersInMonth: number): boolean {
  return paidOrdersInMonth === DISCOUNTED_ORDER_NUMBER - 1;
}

/** The amount after the ₹150 discount, never below ₹1. */
export function discountedAmount(subtotalPaise: number): { discountPaise: number; amountPaise: number } {
  const amountPaise = Math.max(MIN_PRICE_PAISE, subtotalPaise - DISCOUNT_PAISE);
  return { discountPaise: subtotalPaise - amountPaise, amountPaise };
}
