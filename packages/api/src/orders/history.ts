import { and, desc, eq, inArray } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { invoices, orders } from "@mithai/db/schema";
import { type CustomerOrder, orderNumberOf, type OrderStatus, paiseToRupees } from "@mithai/schema";
import { clawbackFor } from "../lifecycle/clawback";
import { netPaise } from "../lifecycle/net";
import { FINAL_STATUSES, allowedNextStatuses } from "../lifecycle/transitions";
import { keptBackOf, refundedPaise, refundsByOrder, toOrderRefund } from "../refunds/ledger";
import { statusHistoryByOrder, type StatusHistoryEntry } from "./status-history";

type OrderRow = typeof orders.$inferSelect;

/** SPEC §3's order as its customer sees it: prices in rupees, the snapshot taken at placement. */
/** What an order list reads beside the order rows. */
export interface OrderRelated {
  refunds?: Parameters<typeof refundedPaise>[0];
  history?: StatusHistoryEntry[];
  invoiceNumber?: string;
  /** Paise a cancellation now would keep back (lifecycle/clawback.ts). */
  cancelClawbackPaise?: number;
}

/** The invoice numbers of these orders, by order id. */
export async function invoiceNumbersByOrder(db: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: invoices.orderId, number: invoices.number }).from(invoices).where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row.number]));
}

export function toCustomerOrder(row: OrderRow, { refunds: refundRows = [], history = [], invoiceNumber, cancelClawbackPaise = 0 }: OrderRelated = {}): CustomerOrder {
  return {
    _id: row.id,
    orderNumber: orderNumberOf(row.id),
    items: row.items.map((item) => ({
      _id: item.foodItemId,
      name: item.name,
      quantity: item.quantity,
      price: paiseToRupees(item.unitPricePaise),
    })),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    promoCode: row.promoCode,
    deliveryCharge: paiseToRupees(row.deliveryChargePaise),
    amount: paiseToRupees(row.amountPaise),
    createdAt: row.createdAt.toISOString(),
    paymentId: row.paymentId,
    status: row.status,
    address: row.address,
    paidAt: row.paidAt?.toISOString() ?? null,
    refunds: refundRows.map(toOrderRefund),
    refundedAmount: paiseToRupees(refundedPaise(refundRows)),
    net: paiseToRupees(row.paymentStatus === "paid" ? netPaise(row.amountPaise, refundedPaise(refundRows)) : 0),
    statusHistory: history,
    invoiceNumber: invoiceNumber ?? null,
    allowedNext: row.paymentStatus === "paid" ? allowedNextStatuses(row.status) : [],
    // Never more than is left to refund (refunds/ledger.ts keptBackOf): all of it means cancelling would refund nothing.
    cancelClawback: paiseToRupees(keptBackOf(cancelClawbackPaise, row.amountPaise - refundedPaise(refundRows))),
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
  const ids = rows.map((row) => row.id);
  const [refunds, histories, numbers, clawbacks] = await Promise.all([
    refundsByOrder(db, ids),
    statusHistoryByOrder(db, ids),
    invoiceNumbersByOrder(db, ids),
    cancelClawbacks(db, rows),
  ]);
  // Customers see when, not which admin.
  return rows.map((row) =>
    toCustomerOrder(row, {
      refunds: refunds.get(row.id),
      history: histories.get(row.id)?.map(({ status, at }) => ({ status, at })),
      invoiceNumber: numbers.get(row.id),
      cancelClawbackPaise: clawbacks.get(row.id),
    }),
  );
}

/** What cancelling each order the customer may still cancel would keep back (the clawback), by order id. */
export async function cancelClawbacks(db: Db, rows: OrderRow[]): Promise<Map<string, number>> {
  const cancellable = rows.filter((row) => row.paymentStatus === "paid" && !FINAL_STATUSES.includes(row.status as OrderStatus));
  const found = await Promise.all(cancellable.map(async (row) => [row.id, (await clawbackFor(db, row)).paise] as const));
  return new Map(found.filter(([, paise]) => paise > 0));
}
