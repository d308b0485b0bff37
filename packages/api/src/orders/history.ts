import { and, desc, eq } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { paiseToRupees } from "@mithai/schema/money";
import type { CustomerOrder } from "@mithai/schema/order";

type OrderRow = typeof orders.$inferSelect;

/** SPEC §3's order as its customer sees it: prices in rupees, the snapshot taken at placement. */
export function toCustomerOrder(row: OrderRow): CustomerOrder {
  return {
    _id: row.id,
    items: row.items.map((item) => ({
      _id: item.foodItemId,
      name: item.name,
      quantity: item.quantity,
      price: paiseToRupees(item.unitPricePaise),
    })),
    amount: paiseToRupees(row.amountPaise),
    createdAt: row.createdAt.toISOString(),
    paymentId: row.paymentId,
    status: row.status,
    address: row.address,
  };
}

/** The customer's paid orders, newest first; pending, failed and expired ones stay out. */
export async function listCustomerOrders(db: Db, userId: string): Promise<CustomerOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, "paid")))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map(toCustomerOrder);
}
