import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { shopDay } from "@mithai/schema/shop-clock";
import { ordersCsv } from "@mithai/api/admin/orders-csv";
import { listAdminOrders, todaySales, updateOrderStatus } from "@mithai/api/admin/orders-admin";
import { requestRefund } from "@mithai/api/refunds/refunds";
import { orderFiltersSchema, orderListInputSchema, refundOrderInputSchema, updateOrderStatusSchema } from "@mithai/schema/contracts/admin";
import { requireAdmin } from "./admin-http";
import { parseInput, restContext } from "./request";

/**
 * SPEC §7 order administration (admin only). The list takes the admin filters as query parameters
 * and answers newest first, one page at a time (`nextCursor` asks for the next).
 */
export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  const { db } = app.deps;

  app.get("/api/order/list", async (req) => {
    const page = await listAdminOrders(db, parseInput(orderListInputSchema, req.query));
    return { success: true, ...page };
  });

  app.put("/api/order/update-status", async (req) => {
    const ctx = await restContext(req);
    const { orderId, status } = parseInput(updateOrderStatusSchema, req.body);
    await updateOrderStatus(app.deps, orderId, status, ctx.auth?.userId ?? null);
    return { success: true, message: "Status updated" };
  });

  /**
   * Refunds a paid order, fully (no amount) or partly, with a reason (DECISIONS "After the sale"). The idempotency key
   * may also come as an `Idempotency-Key` header; the same key on the same order refunds once.
   */
  app.post<{ Params: { orderId: string } }>("/api/admin/orders/:orderId/refund", async (req) => {
    const ctx = await restContext(req);
    const header = req.headers["idempotency-key"];
    const body = { ...((req.body as object | null) ?? {}), orderId: req.params.orderId };
    const input = parseInput(refundOrderInputSchema, typeof header === "string" && !("idempotencyKey" in body) ? { ...body, idempotencyKey: header } : body);
    return requestRefund(app.deps, {
      orderId: input.orderId,
      amountPaise: input.amount,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      requestedBy: ctx.auth?.userId ?? null,
      restock: input.restock,
    });
  });

  /** Today's paid orders and revenue for the dashboard. */
  app.get("/api/admin/today-sales", async () => ({ success: true, data: await todaySales(db) }));

  /**
   * The filtered orders as a CSV download, streamed from the database in batches. Input and the first batch are
   * checked before anything is sent, so those failures get an ordinary error answer; a failure after that aborts
   * the connection (the download fails) instead of ending a partial file as if it were complete.
   */
  app.get("/api/admin/orders.csv", async (req, reply) => {
    const filters = parseInput(orderFiltersSchema, req.query);
    const csv = ordersCsv(db, filters);
    const first = await csv.next();
    const body = Readable.from(prependChunk(first, csv));
    body.on("error", (error) => {
      req.log.error({ err: error }, "orders.csv failed while streaming; connection aborted");
      reply.raw.destroy(error);
    });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="orders-${shopDay(new Date())}.csv"`)
      .header("cache-control", "no-store")
      .send(body);
  });
}

async function* prependChunk<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
