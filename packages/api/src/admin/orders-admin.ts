import type { Db, Tx } from "@mithai/db/client";
import { orders, refunds, users } from "@mithai/db/schema";
import { and, count, desc, eq, gte, lt, ne, sql, type SQL, type SQLWrapper } from "@mithai/db/sql";
import type { AdminOrder, AdminOrderPage, TodaySales } from "@mithai/schema";
import {
  ORDER_DATE_RANGE,
  type OrderFilters,
  orderIdSchema,
  type OrderListInput,
  type OrderStatus,
  paiseToRupees,
  shopDay,
  shopDayRange,
} from "@mithai/schema";
import { invoiceNumbersByOrder, toCustomerOrder, type OrderRelated } from "../orders/history";
import { statusHistoryByOrder } from "../orders/status-history";
import { recordRefund, refundedPaise, refundsByOrder } from "../refunds/ledger";
import { sendToProvider } from "../refunds/provider-sync";
import { moveOrder } from "../lifecycle/move";
import { netPaiseSql } from "../lifecycle/net";
import type { ApiDeps } from "../context";
import { badRequest, notFound } from "../errors";
import { orderFilterCondition } from "./order-search";

// Counting stops here: an exact count of 90,000 paid orders costs a full scan on every page view.
export const ORDER_COUNT_CAP = 10_000;

/** One page of orders matching the filters, newest first, paginated in SQL by (createdAt, id). */
export async function listAdminOrders(db: Db, input: OrderListInput): Promise<AdminOrderPage> {
  const where = orderFilterCondition(input);
  const [page, [counted]] = await Promise.all([
    fetchOrderPage(db, where, input.cursor ? decodeCursor(input.cursor) : undefined, input.limit),
    matchingCountQuery(db, where),
  ]);
  const n = counted?.n ?? 0;
  return { ...page, total: Math.min(n, ORDER_COUNT_CAP), totalCapped: n > ORDER_COUNT_CAP };
}

/** How many orders match, counting at most ORDER_COUNT_CAP + 1 of them. */
export function matchingCountQuery(db: Db, where: SQL | undefined) {
  const matching = db.select({ one: sql`1` }).from(orders).where(where).limit(ORDER_COUNT_CAP + 1).as("matching");
  return db.select({ n: count() }).from(matching);
}

/** One page of the orders matching the filters, without counting them (the export pages through them all). */
export function orderPage(db: Db, filters: OrderFilters, cursor: string | undefined, limit: number): Promise<{ data: AdminOrder[]; nextCursor: string | null }> {
  return fetchOrderPage(db, orderFilterCondition(filters), cursor ? decodeCursor(cursor) : undefined, limit);
}

/** Every order matching the filters, newest first, read in batches so memory stays flat however many there are. */
export async function* orderBatches(db: Db, filters: OrderFilters, batchSize = 500): AsyncGenerator<AdminOrder[]> {
  const where = orderFilterCondition(filters);
  let cursor: Cursor | undefined;
  do {
    const page = await fetchOrderPage(db, where, cursor, batchSize);
    if (page.data.length > 0) yield page.data;
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : undefined;
  } while (cursor);
}

/**
 * Sets the fulfilment status of a paid order as the order's life allows (lifecycle/transitions.ts: forward with
 * skipping, one step back, Cancelled before Delivered, nothing out of Delivered or Cancelled); any other move is refused
 * with 409 TRANSITION_NOT_ALLOWED and nothing changes. The change goes into the order's timeline with who made it, and
 * the customer's mail into the outbox, in the same transaction. Cancelling a paid order refunds what is left to refund
 * (less the clawback unless `waiveClawback`) unless `refund` is false. Setting the status it already has changes nothing.
 */
export async function updateOrderStatus(
  deps: Pick<ApiDeps, "db" | "outbox" | "metrics" | "catalog" | "config" | "log">,
  orderId: string,
  status: OrderStatus,
  changedBy: string | null,
  options: { refund?: boolean; waiveClawback?: boolean } = {},
): Promise<void> {
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) throw notFound("Order not found");
  const refunding = status === "Cancelled" && options.refund !== false;
  const moved = await moveOrder(deps, {
    kind: "fulfilment",
    orderId: id.data,
    to: status,
    by: changedBy,
    during: async (tx, order) => {
      if (!refunding) return null;
      const left = order.amountPaise - (await refundedSoFar(tx, order.id));
      if (left <= 0) return null;
      return recordRefund(tx, { orderId: order.id, reason: "Cancelled by the shop", requestedBy: changedBy, idempotencyKey: `cancel:${order.id}`, cancelling: true, waiveClawback: options.waiveClawback });
    },
  });
  const recorded = moved?.during;
  if (recorded?.fresh) await sendToProvider(deps, recorded.row);
}

async function refundedSoFar(tx: Tx, orderId: string): Promise<number> {
  return refundedPaise(await tx.select().from(refunds).where(eq(refunds.orderId, orderId)));
}

/**
 * Paid, not cancelled orders placed today on the shop's clock, and what today's paid orders brought in, net of refunds:
 * a cancelled order counts what the shop kept of it (the clawback, a refund that failed, a cancellation without refund),
 * so the takings agree with the customers list's spend.
 */
export async function todaySales(db: Db, now = new Date()): Promise<TodaySales> {
  const date = shopDay(now);
  const { start, end } = shopDayRange(date);
  const [row] = await db
    .select({
      orders: sql<number>`(count(*) filter (where ${ne(orders.status, "Cancelled")}))::int`,
      revenuePaise: sql<string>`coalesce(sum(${netPaiseSql()}), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "paid"), gte(orders.createdAt, start), lt(orders.createdAt, end)));
  return { date, orders: row?.orders ?? 0, revenue: paiseToRupees(Number(row?.revenuePaise ?? 0)) };
}

export interface Cursor {
  /** createdAt to the microsecond (a JS Date would round it and skip or repeat orders). */
  at: string;
  id: string;
}

/** A timestamp column as a page cursor's instant, to the microsecond. */
export const cursorInstant = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The SELECT of one page (limit + 1 rows, to know whether another page follows); exported for the benchmark's EXPLAIN. */
export function orderPageQuery(db: Db, where: SQL | undefined, cursor: Cursor | undefined, limit: number) {
  const after = cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
  return db
    .select({
      order: orders,
      cursorAt: cursorInstant(orders.createdAt),
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(where, after))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

async function fetchOrderPage(
  db: Db,
  where: SQL | undefined,
  cursor: Cursor | undefined,
  limit: number,
): Promise<{ data: AdminOrder[]; nextCursor: string | null }> {
  const rows = await orderPageQuery(db, where, cursor, limit);
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  const ids = pageRows.map((row) => row.order.id);
  const [refundRows, histories, numbers] = await Promise.all([refundsByOrder(db, ids), statusHistoryByOrder(db, ids), invoiceNumbersByOrder(db, ids)]);
  return {
    data: pageRows.map((row) =>
      toAdminOrder(row, { refunds: refundRows.get(row.order.id), history: histories.get(row.order.id), invoiceNumber: numbers.get(row.order.id) }),
    ),
    nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.order.id }) : null,
  };
}

function toAdminOrder(
  { order, customerName, customerEmail }: { order: typeof orders.$inferSelect; customerName: string; customerEmail: string },
  related: OrderRelated,
): AdminOrder {
  return {
    ...toCustomerOrder(order, related),
    discountApplied: order.discountApplied,
    paymentStatus: order.paymentStatus,
    customer: { _id: order.userId, name: customerName, email: customerEmail },
  };
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(text: string): Cursor {
  const [at, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const valid = rest.length === 0 && at && id && isCursorInstant(at) && orderIdSchema.safeParse(id).success;
  if (!valid) throw badRequest("The page cursor is not valid; start from the first page");
  return { at, id };
}

/** A real instant written as encodeCursor writes it (the shape alone lets through month 13 or year 0, which the database refuses). */
function isCursorInstant(at: string): boolean {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at)) return false;
  const day = at.slice(0, 10);
  if (day < ORDER_DATE_RANGE.first || day > ORDER_DATE_RANGE.last) return false;
  const ms = Date.parse(at);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}
