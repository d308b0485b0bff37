import type { Db } from "@mithai/db/client";
import { deliveryZones, orders } from "@mithai/db/schema";
import { and, asc, eq, gte, lt, ne, sql } from "@mithai/db/sql";
import type { ProductionSheet } from "@mithai/schema";
import { addShopDays, orderNumberOf, PROCESSING_DAYS, shopDayRange } from "@mithai/schema";
import { addDeliveryDays, zoneFor } from "../delivery/zones";

type OrderRow = typeof orders.$inferSelect;
type ZoneRow = Pick<typeof deliveryZones.$inferSelect, "name" | "pincodes" | "minDays">;

/** Far enough back that no order due on a day was paid before it (processing days + a zone's days, Sundays skipped). */
const LOOKBACK_DAYS = 120;

/**
 * The day an order is expected at the door: the kitchen's processing days and its delivery zone's `minDays` after
 * payment, Monday to Saturday (the start of the window the customer was quoted). The zone is the one that priced the
 * order (by name), or, if it has been renamed or deleted since, the one serving the PIN code now.
 */
export function expectedDeliveryDay(order: Pick<OrderRow, "paidAt" | "createdAt" | "deliveryZone" | "address">, zones: readonly ZoneRow[]): string {
  const zone = zones.find((z) => z.name === order.deliveryZone) ?? zoneFor(zones, order.address.pincode);
  return addDeliveryDays(order.paidAt ?? order.createdAt, PROCESSING_DAYS.min + (zone?.minDays ?? 0));
}

/**
 * Paid orders, not cancelled, expected for delivery on `date` (see expectedDeliveryDay), oldest payment first. The
 * production sheet and the day's packing slips both read this list.
 */
export async function ordersDueOn(db: Db, date: string): Promise<OrderRow[]> {
  const zones = await db.select({ name: deliveryZones.name, pincodes: deliveryZones.pincodes, minDays: deliveryZones.minDays }).from(deliveryZones).orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id));
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const candidates = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, "paid"),
        ne(orders.status, "Cancelled"),
        // A raw expression binds its values as they are: instants as ISO text, which both drivers take as timestamptz.
        gte(paidAt, shopDayRange(addShopDays(date, -LOOKBACK_DAYS)).start.toISOString()),
        // Nothing paid on the day itself arrives that day.
        lt(paidAt, shopDayRange(date).start.toISOString()),
      ),
    )
    .orderBy(asc(paidAt), asc(orders.id));
  return candidates.filter((order) => expectedDeliveryDay(order, zones) === date);
}

/**
 * The kitchen's production sheet for a delivery day: how many kg of each sweet to prepare, with the orders behind
 * each line (their numbers), most kg first.
 */
export async function productionSheet(db: Db, date: string): Promise<ProductionSheet> {
  const due = await ordersDueOn(db, date);
  const lines = new Map<string, { itemId: string; name: string; kg: number; orders: string[] }>();
  for (const order of due) {
    for (const item of order.items) {
      const line = lines.get(item.foodItemId) ?? { itemId: item.foodItemId, name: item.name, kg: 0, orders: [] };
      line.kg += item.quantity;
      const number = orderNumberOf(order.id);
      if (!line.orders.includes(number)) line.orders.push(number);
      lines.set(item.foodItemId, line);
    }
  }
  return { success: true, date, lines: [...lines.values()].sort((a, b) => b.kg - a.kg || a.name.localeCompare(b.name)) };
}
