import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  adminOrderListAnswerSchema,
  orderFiltersSchema,
  orderListInputSchema,
  refundAnswerSchema,
  refundOrderInputSchema,
  shopDay,
  successMessageSchema,
  todaySalesAnswerSchema,
  updateOrderStatusSchema,
  z,
} from "@mithai/schema";
import { idempotencyKeyOf, listAdminOrders, ordersCsv, requestRefund, todaySales, updateOrderStatus } from "@mithai/api";
import { contract, fileBytes } from "./contract";
import { requireAdmin } from "./admin-http";
import { parseInput, restContext } from "./request";

const contracts = {
  list: contract({ summary: "Orders matching the filters, newest first, a page at a time", tag: "Admin", auth: "admin", querystring: orderListInputSchema, answer: adminOrderListAnswerSchema }),
  updateStatus: contract({
    summary: "Move an order to its next status (cancelling a paid one refunds it)",
    tag: "Admin",
    auth: "admin",
    body: updateOrderStatusSchema,
    answer: successMessageSchema,
    refusals: ["NOT_FOUND", "TRANSITION_NOT_ALLOWED", "REFUND_EXCEEDS_PAID", "PROVIDER_UNAVAILABLE"],
  }),
  refund: contract({
    summary: "Refund a paid order, fully or partly, with a reason (an Idempotency-Key refunds once)",
    tag: "Admin",
    auth: "admin",
    params: z.object({ orderId: z.string() }),
    body: refundOrderInputSchema.omit({ orderId: true }),
    answer: refundAnswerSchema,
    refusals: ["NOT_FOUND", "TRANSITION_NOT_ALLOWED", "REFUND_EXCEEDS_PAID", "IDEMPOTENCY_KEY_IN_USE", "PROVIDER_UNAVAILABLE"],
  }),
  todaySales: contract({ summary: "Today's paid orders and revenue", tag: "Admin", auth: "admin", answer: todaySalesAnswerSchema }),
  csv: contract({
    summary: "The filtered orders as a CSV download",
    tag: "Admin",
    auth: "admin",
    querystring: orderFiltersSchema,
    answer: { 200: { description: "The orders (CSV)", content: { "text/csv": { schema: fileBytes } } } },
  }),
};

/**
 * SPEC §7 order administration (admin only). The list takes the admin filters as query parameters
 * and answers newest first, one page at a time (`nextCursor` asks for the next).
 */
export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  const { db } = app.deps;

  app.get("/api/order/list", { schema: contracts.list }, async (req) => {
    const page = await listAdminOrders(db, parseInput(orderListInputSchema, req.query));
    return { success: true, ...page };
  });

  app.put("/api/order/update-status", { schema: contracts.updateStatus }, async (req) => {
    const ctx = await restContext(req);
    const { orderId, status, refund, waiveClawback } = parseInput(updateOrderStatusSchema, req.body);
    await updateOrderStatus(app.deps, orderId, status, ctx.auth?.userId ?? null, { refund, waiveClawback });
    return { success: true, message: "Status updated" };
  });

  /**
   * Refunds a paid order, fully (no amount) or partly, with a reason (DECISIONS "After the sale"). The idempotency key
   * may also come as an `Idempotency-Key` header; the same key on the same order refunds once.
   */
  app.post<{ Params: { orderId: string } }>("/api/admin/orders/:orderId/refund", { schema: contracts.refund }, async (req) => {
    const ctx = await restContext(req);
    const header = idempotencyKeyOf(req.headers["idempotency-key"]);
    const body = { ...((req.body as object | null) ?? {}), orderId: req.params.orderId };
    const input = parseInput(refundOrderInputSchema, typeof header === "string" && !("idempotencyKey" in body) ? { ...body, idempotencyKey: header } : body);
    return requestRefund(app.deps, {
      orderId: input.orderId,
      amountPaise: input.amount,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      requestedBy: ctx.auth?.userId ?? null,
      restock: input.restock,
      waiveClawback: input.waiveClawback,
    });
  });

  /** Today's paid orders and revenue for the dashboard. */
  app.get("/api/admin/today-sales", { schema: contracts.todaySales }, async () => ({ success: true, data: await todaySales(db) }));

  /**
   * The filtered orders as a CSV download, streamed from the database in batches. Input and the first batch are
   * checked before anything is sent, so those failures get an ordinary error answer; a failure after that aborts
   * the connection (the download fails) instead of ending a partial file as if it were complete.
   */
  app.get("/api/admin/orders.csv", { schema: contracts.csv }, async (req, reply) => {
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
