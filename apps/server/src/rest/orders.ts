import type { FastifyInstance, FastifyReply } from "fastify";
import { listCustomerOrders } from "@mithai/api/orders/history";
import { placeOrder } from "@mithai/api/orders/place";
import { verifyPayment } from "@mithai/api/orders/verify";
import { creditNoteDocument, invoiceDocument, renderInvoicePdf, type InvoiceDocument } from "@mithai/api/invoices/invoice";
import { cancelOrder } from "@mithai/api/refunds/cancel";
import { cancelOrderInputSchema, placeOrderInputSchema, verifyPaymentInputSchema } from "@mithai/schema/contracts/order";
import { customerRestContext, parseInput, restContext } from "./request";

/**
 * SPEC §7 order calls. `place` orders exactly the `items` sent (ids and quantities; without them, the server
 * cart) at current catalogue prices: a client's `amount`, `price` and `name` are ignored. `verify` reads only
 * Razorpay's three fields.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/order/place", async (req) => {
    const ctx = await customerRestContext(req);
    return placeOrder(ctx, ctx.auth.userId, parseInput(placeOrderInputSchema, req.body));
  });

  app.post("/api/order/verify", async (req, reply) => {
    const ctx = await customerRestContext(req);
    const result = await verifyPayment(ctx, ctx.auth.userId, parseInput(verifyPaymentInputSchema, req.body));
    return reply.status(result.success ? 200 : 400).send(result);
  });

  /** The customer cancels a paid order within CANCEL_WINDOW_MINUTES (DECISIONS "After the sale"); 409 with the reason otherwise. */
  app.post("/api/order/cancel", async (req) => {
    const ctx = await customerRestContext(req);
    return cancelOrder(ctx, ctx.auth.userId, parseInput(cancelOrderInputSchema, req.body).orderId);
  });

  /** The order's tax invoice (or bill of supply) as a PDF, for its customer and for admins; 404 for anyone else. */
  const sendPdf = async (reply: FastifyReply, doc: InvoiceDocument, name: string) =>
    reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${name}-${doc.number.replaceAll("/", "-")}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(await renderInvoicePdf(doc));

  app.get<{ Params: { orderId: string } }>("/api/order/:orderId/invoice", async (req, reply) => {
    const ctx = await restContext(req);
    return sendPdf(reply, await invoiceDocument(ctx, ctx.auth, req.params.orderId), "invoice");
  });

  /** A processed refund's credit note; `number` as written (`MTHC/26-27/3`, slashes encoded as %2F) or with dashes. */
  app.get<{ Params: { orderId: string; number: string } }>("/api/order/:orderId/credit-notes/:number", async (req, reply) => {
    const ctx = await restContext(req);
    const number = req.params.number.replace(/^([A-Z0-9]+C)-(\d\d-\d\d)-(\d+)$/, "$1/$2/$3");
    return sendPdf(reply, await creditNoteDocument(ctx, ctx.auth, req.params.orderId, number), "credit-note");
  });

  app.post("/api/order/userorders", async (req) => {
    const ctx = await customerRestContext(req);
    return { success: true, data: await listCustomerOrders(ctx.db, ctx.auth.userId) };
  });
}
