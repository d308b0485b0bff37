import { writeFile } from "node:fs/promises";
import { exportOrdersCsv, formatRupees, shopDateTime, type MithaiClient, type RouterInputs } from "@mithai/client";
import { parse } from "csv-parse/sync";
import { table, type Output } from "./output";

export type OrderFilters = Omit<RouterInputs["admin"]["ordersCsv"], "cursor">;


/** `orders list`: one page (newest first) as a table; --limit and --cursor page through. */
export async function listOrders(client: MithaiClient, out: Output, filters: OrderFilters & { limit?: number; cursor?: string }): Promise<void> {
  const page = await client.admin.orders.query(filters);
  const rows = page.data.map((order) => [
    order.orderNumber,
    shopDateTime(new Date(order.createdAt)),
    order.paymentStatus,
    order.status || "-",
    order.customer.email,
    formatRupees(order.amount),
    order.refundedAmount > 0 ? formatRupees(order.refundedAmount) : "",
  ]);
  const more = page.nextCursor ? `\nMore: --cursor ${page.nextCursor}` : "";
  out.result(page, `${table(["Order", "Placed (IST)", "Payment", "Status", "Customer", "Amount", "Refunded"], rows)}\n${page.total}${page.totalCapped ? "+" : ""} matching${more}`);
}

/** `orders export [--out F]`: every matching order as CSV, page by page (stdout without --out). */
export async function exportOrders(client: MithaiClient, out: Output, filters: OrderFilters, file: string | undefined): Promise<void> {
  let csv = "";
  for await (const page of exportOrdersCsv(client, filters)) {
    if (file || out.json) csv += page;
    else out.raw(page);
  }
  // --json without --out: the rows as objects named by the CSV's header.
  if (!file && out.json) return out.result(parse(csv.replace(/^\uFEFF/, ""), { columns: true }), "");
  if (file) {
    await writeFile(file, csv);
    const orders = Math.max(0, csv.split("\r\n").filter(Boolean).length - 1);
    out.result({ file, orders }, `${orders} orders written to ${file}`);
  }
}

/** `orders set-status ORDER STATUS`: ORDER is the id or the order number (#C1436DA2, with or without #). */
export async function setOrderStatus(client: MithaiClient, out: Output, order: string, status: RouterInputs["admin"]["updateOrderStatus"]["status"]): Promise<void> {
  const orderId = await resolveOrderId(client, order);
  const answer = await client.admin.updateOrderStatus.mutate({ orderId, status });
  out.result({ orderId, status, message: answer.message }, `${answer.message}: ${orderId} is now "${status}"`);
}

async function resolveOrderId(client: MithaiClient, order: string): Promise<string> {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(order)) return order.toLowerCase();
  const page = await client.admin.orders.query({ q: order, payment: "all", limit: 2 });
  const number = `#${order.replace(/^#/, "").toUpperCase()}`;
  const matches = page.data.filter((o) => o.orderNumber === number);
  if (matches.length !== 1) throw new UsageError(matches.length === 0 ? `No order ${number}` : `${number} matches more than one order: use its full id`);
  return matches[0]!._id;
}

/** `sales today`. */
export async function salesToday(client: MithaiClient, out: Output): Promise<void> {
  const sales = await client.admin.todaySales.query();
  out.result(sales, `${sales.date}: ${sales.orders} paid order${sales.orders === 1 ? "" : "s"}, ${formatRupees(sales.revenue)} (net of refunds)`);
}

/** A mistake in how the tool was called (exit 2). */
export class UsageError extends Error {}
