import type { Db } from "@mithai/db/client";
import { foodItems, orders, refunds } from "@mithai/db/schema";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from "@mithai/db/sql";
import type { SalesDay, SalesInput, SalesReport, StockGlance, TopSweet } from "@mithai/schema";
import { addShopDays, paiseToRupees, shopDay, shopDayRange } from "@mithai/schema";
import { apportion } from "../invoices/tax";
import { netPaise } from "../lifecycle/net";

/** How many sweets the report's `top` lists. */
export const TOP_SWEETS = 10;

/**
 * What an order brought in: what was paid for it, less what was given back (refunds not failed: pending ones are
 * money already promised back). Net = paid − refunded (DECISIONS "The order's life"), the same figure as the CSV
 * export's "Net (INR)" column, in paise.
 */
export interface OrderMoney {
  paidPaise: number;
  refundedPaise: number;
  netPaise: number;
}

export function orderMoney(amountPaise: number, refundedPaise: number): OrderMoney {
  return { paidPaise: amountPaise, refundedPaise, netPaise: netPaise(amountPaise, refundedPaise) };
}

/** Every shop day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addShopDays(day, 1)) days.push(day);
  return days;
}


/**
 * The sales report of the dashboard, `GET /api/admin/sales` and `mithai-admin sales`: per shop day, the paid orders
 * placed that day, what they paid, what has been refunded on them and the net; and the sweets that brought in most.
 * Orders count on the day they were placed, as the order list's and the CSV export's date filters count them, so
 * a day's figures equal the sum of the CSV export's rows for that day (payment "paid"), to the paisa.
 *
 * A sweet's net is its share of its orders' net: each order's net spread over its lines (and its delivery charge) in
 * proportion to their value, as the credit notes spread refunds. Its kg are those of orders not cancelled.
 */
export async function salesReport(db: Db, input: Pick<SalesInput, "from" | "to">): Promise<SalesReport> {
  const start = shopDayRange(input.from).start;
  const end = shopDayRange(input.to).end;
  const inRange = and(eq(orders.paymentStatus, "paid"), gte(orders.createdAt, start), lt(orders.createdAt, end));
  const [rows, refundRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        amountPaise: orders.amountPaise,
        deliveryChargePaise: orders.deliveryChargePaise,
        items: orders.items,
        status: orders.status,
      })
      .from(orders)
      .where(inRange),
    // Refunds that count against an order: every one not failed (a pending one is money already promised back).
    db
      .select({ orderId: refunds.orderId, paise: sql<string>`sum(${refunds.amountPaise})` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(inRange, ne(refunds.status, "failed")))
      .groupBy(refunds.orderId),
  ]);
  const refundedByOrder = new Map(refundRows.map((row) => [row.orderId, Number(row.paise)]));

  const days = new Map(daysBetween(input.from, input.to).map((date) => [date, { orders: 0, paid: 0, refunded: 0 }]));
  const sweets = new Map<string, { name: string; kg: number; netPaise: number }>();
  for (const row of rows) {
    const money = orderMoney(row.amountPaise, refundedByOrder.get(row.id) ?? 0);
    const day = days.get(shopDay(row.createdAt));
    if (day) {
      day.orders += 1;
      day.paid += money.paidPaise;
      day.refunded += money.refundedPaise;
    }
    const values = [...row.items.map((item) => item.quantity * item.unitPricePaise), row.deliveryChargePaise];
    const shares = apportion(money.netPaise, values);
    row.items.forEach((item, i) => {
      const sweet = sweets.get(item.foodItemId) ?? { name: item.name, kg: 0, netPaise: 0 };
      sweet.netPaise += shares[i]!;
      if (row.status !== "Cancelled") sweet.kg += item.quantity;
      sweets.set(item.foodItemId, sweet);
    });
  }

  const series: SalesDay[] = [...days].map(([date, day]) => ({
    date,
    orders: day.orders,
    paid: paiseToRupees(day.paid),
    refunded: paiseToRupees(day.refunded),
    net: paiseToRupees(day.paid - day.refunded),
  }));
  const totalOrders = [...days.values()].reduce((sum, day) => sum + day.orders, 0);
  const paidPaise = [...days.values()].reduce((sum, day) => sum + day.paid, 0);
  const refundedPaise = [...days.values()].reduce((sum, day) => sum + day.refunded, 0);
  const top: TopSweet[] = [...sweets]
    .sort(([, a], [, b]) => b.netPaise - a.netPaise || b.kg - a.kg || a.name.localeCompare(b.name))
    .slice(0, TOP_SWEETS)
    .map(([itemId, sweet]) => ({ itemId, name: sweet.name, kg: sweet.kg, net: paiseToRupees(sweet.netPaise) }));
  return {
    success: true,
    from: input.from,
    to: input.to,
    series,
    totals: {
      orders: totalOrders,
      paid: paiseToRupees(paidPaise),
      refunded: paiseToRupees(refundedPaise),
      net: paiseToRupees(paidPaise - refundedPaise),
      averageOrder: totalOrders === 0 ? 0 : paiseToRupees(Math.round((paidPaise - refundedPaise) / totalOrders)),
    },
    top,
  };
}

/**
 * Stock at a glance: every tracked item on the menu with the kg left to sell, the kg unpaid orders hold, and the kg
 * sold (paid, not cancelled) in the last 7 days; the ones that will run out first at that pace on top.
 */
export async function stockGlance(db: Db, now = new Date()): Promise<StockGlance> {
  const items = await db
    .select({ id: foodItems.id, name: foodItems.name, stockKg: foodItems.stockKg })
    .from(foodItems)
    .where(and(isNotNull(foodItems.stockKg), isNull(foodItems.removedAt)))
    .orderBy(asc(foodItems.name));
  const ids = new Set(items.map((item) => item.id));
  const reserved = new Map<string, number>();
  const sold = new Map<string, number>();
  if (ids.size > 0) {
    const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
    const rows = await db
      .select({ items: orders.items, paymentStatus: orders.paymentStatus, stockHeld: orders.stockHeld, status: orders.status })
      .from(orders)
      .where(
        sql`(${eq(orders.paymentStatus, "pending")} and ${orders.stockHeld}) or (${and(inArray(orders.paymentStatus, ["paid"]), gte(orders.createdAt, weekAgo), ne(orders.status, "Cancelled"))})`,
      );
    for (const row of rows) {
      for (const item of row.items) {
        if (!ids.has(item.foodItemId)) continue;
        if (row.paymentStatus === "pending") {
          if (item.reserved) reserved.set(item.foodItemId, (reserved.get(item.foodItemId) ?? 0) + item.quantity);
        } else sold.set(item.foodItemId, (sold.get(item.foodItemId) ?? 0) + item.quantity);
      }
    }
  }
  const glance = items.map((item) => {
    const soldKg = sold.get(item.id) ?? 0;
    const onHandKg = item.stockKg ?? 0;
    return {
      itemId: item.id,
      name: item.name,
      onHandKg,
      reservedKg: reserved.get(item.id) ?? 0,
      soldLast7DaysKg: soldKg,
      daysLeft: soldKg === 0 ? null : Math.round((onHandKg / (soldKg / 7)) * 10) / 10,
    };
  });
  // Soonest to run out first; items selling nothing last (by what is left, least first).
  glance.sort((a, b) => (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) || a.onHandKg - b.onHandKg || a.name.localeCompare(b.name));
  return { success: true, items: glance };
}
