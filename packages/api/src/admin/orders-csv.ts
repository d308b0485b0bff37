import type { Db } from "@mithai/db/client";
import type { AdminOrder, OrderFilters, OrdersCsvInput, OrdersCsvPage } from "@mithai/schema";
import { csvLine, SHOP_TIME_ZONE } from "@mithai/schema";
import { orderBatches, orderPage } from "./orders-admin";

/** Orders per page of the paged export (tRPC `admin.ordersCsv`), as many as the streamed download reads per batch. */
export const CSV_PAGE_SIZE = 500;

const COLUMNS: [header: string, value: (order: AdminOrder) => string | number][] = [
  ["Order number", (o) => o.orderNumber],
  ["Order id", (o) => o._id],
  ["Placed at (IST)", (o) => shopDateTime(o.createdAt)],
  ["Payment", (o) => o.paymentStatus],
  ["Status", (o) => o.status],
  ["Customer", (o) => o.customer.name],
  ["Account e-mail", (o) => o.customer.email],
  ["Deliver to", (o) => o.address.fullName],
  ["Delivery e-mail", (o) => o.address.email],
  ["Mobile", (o) => o.address.mobile],
  ["Address", (o) => [o.address.street, o.address.city, o.address.state, o.address.pincode, o.address.country].join(", ")],
  ["Items", (o) => o.items.map((item) => `${item.name} x ${item.quantity} kg @ ${item.price}`).join("; ")],
  ["Subtotal (INR)", (o) => o.subtotal],
  ["Discount (INR)", (o) => o.discount],
  ["Delivery (INR)", (o) => o.deliveryCharge],
  ["Amount (INR)", (o) => o.amount],
  ["Refunded (INR)", (o) => o.refundedAmount],
  ["Net (INR)", (o) => o.net],
  ["Discount applied", (o) => (o.discountApplied ? "yes" : "no")],
  ["Promo code", (o) => o.promoCode ?? ""],
  ["Payment id", (o) => o.paymentId ?? ""],
  ["Invoice number", (o) => o.invoiceNumber ?? ""],
  // Every processed refund's credit note, in the order they were issued.
  ["Credit note numbers", (o) => o.refunds.flatMap((r) => (r.creditNoteNumber ? [r.creditNoteNumber] : [])).join("; ")],
];

/**
 * The filtered orders as CSV, produced batch by batch from the database. Starts with a byte-order
 * mark so spreadsheet programs read ₹ and Indian names as UTF-8. The header comes with the first batch: once the
 * first chunk is out the first query has answered, so a caller that waits for it can still refuse the whole export.
 */
export async function* ordersCsv(db: Db, filters: OrderFilters): AsyncGenerator<string> {
  let header = csvHeader();
  for await (const batch of orderBatches(db, filters, CSV_PAGE_SIZE)) {
    yield header + csvRows(batch);
    header = "";
  }
  if (header) yield header;
}

/**
 * The same export one page at a time, for tools that cannot take a stream: the first page (no cursor) starts with the
 * byte-order mark and the header; joining every page's `csv` gives exactly what the streamed download sends.
 */
export async function ordersCsvPage(db: Db, { cursor, ...filters }: OrdersCsvInput): Promise<OrdersCsvPage> {
  const page = await orderPage(db, filters, cursor, CSV_PAGE_SIZE);
  return { csv: (cursor ? "" : csvHeader()) + csvRows(page.data), nextCursor: page.nextCursor };
}

const csvHeader = () => `\uFEFF${csvLine(COLUMNS.map(([title]) => title))}`;
const csvRows = (orders: AdminOrder[]) => orders.map((order) => csvLine(COLUMNS.map(([, value]) => value(order)))).join("");

const shopClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2025-10-20 18:05" on the shop's clock. */
function shopDateTime(iso: string): string {
  const parts = Object.fromEntries(shopClock.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
