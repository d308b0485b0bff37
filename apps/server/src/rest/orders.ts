import type { FastifyInstance, FastifyReply } from "fastify";
import {
  cancelOrder,
  creditNoteDocument,
  invoiceDocument,
  type InvoiceDocument,
  listCustomerOrders,
  placeOrder,
  renderInvoicePdf,
  verifyPayment,
} from "@mithai/api";
import {
  cancelOrderInputSchema,
  customerOrdersAnswerSchema,
  placedOrderSchema,
  placeOrderInputSchema,
  refundAnswerSchema,
  verifyPaymentInputSchema,
  verifyResultSchema,
  z,
} from "@mithai/schema";
import { contract, fileBytes } from "./contract";
import { customerRestContext, parseInput, restContext } from "./request";

const pdfAnswer = (description: string) => ({ 200: { description, content: { "application/pdf": { schema: fileBytes } } } });

const contracts = {
  place: contract({
    summary: "Place an order of the items sent (or the server cart) at current prices; answers what the payment window needs",
    tag: "Orders",
    auth: "customer",
    body: placeOrderInputSchema,
    answer: placedOrderSchema,
    refusals: [
      "CART_EMPTY",
      "CART_FULL",
      "ITEM_GONE",
      "ORDER_TOO_LARGE",
      "STOCK_SHORT",
      "NOT_SERVICEABLE",
      "PROMO_INVALID",
      "PROMO_NOT_STARTED",
      "PROMO_EXPIRED",
      "PROMO_USED_UP",
      "PROMO_ALREADY_USED",
      "PROMO_MIN_SUBTOTAL",
      "RATE_LIMITED",
      "PROVIDER_UNAVAILABLE",
    ],
  }),
  verify: contract({
    summary: "Confirm a payment with Razorpay's three fields; an unconfirmed payment is a 400 with `success: false`",
    tag: "Orders",
    auth: "customer",
    body: verifyPaymentInputSchema,
    answer: { 200: verifyResultSchema, 400: verifyResultSchema },
    refusals: ["NOT_FOUND", "PAYMENT_NOT_VERIFIED", "PROVIDER_UNAVAILABLE"],
  }),
  cancel: contract({
    summary: "Cancel a paid order within the cancel window (refunded in full)",
    tag: "Orders",
    auth: "customer",
    body: cancelOrderInputSchema,
    answer: refundAnswerSchema,
    refusals: ["NOT_FOUND", "CANCEL_WINDOW_PASSED", "TRANSITION_NOT_ALLOWED", "PROVIDER_UNAVAILABLE"],
  }),
  invoice: contract({
    summary: "The order's tax invoice (or bill of supply) as a PDF, for its customer or an admin",
    tag: "Orders",
    auth: "customer",
    params: z.object({ orderId: z.string() }),
    answer: pdfAnswer("The invoice (PDF)"),
    refusals: ["NOT_FOUND"],
  }),
  creditNote: contract({
    summary: "A processed refund's credit note as a PDF (`number` as written, slashes encoded, or with dashes)",
    tag: "Orders",
    auth: "customer",
    params: z.object({ orderId: z.string(), number: z.string() }),
    answer: pdfAnswer("The credit note (PDF)"),
    refusals: ["NOT_FOUND"],
  }),
  userOrders: contract({ summary: "The customer's orders, newest first", tag: "Orders", auth: "customer", answer: customerOrdersAnswerSchema }),
};

/**
 * SPEC §7 order calls. `place` orders exactly the `items` sent (ids and quantities; without them, the server
 * cart) at current catalogue prices: a client's `amount`, `price` and `name` are ignored. `verify` reads only
 * Razorpay's three fields.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/order/place", { schema: contracts.place }, async (req) => {
    const ctx = await customerRestContext(req);
    return placeOrder(ctx, ctx.auth.userId, parseInput(placeOrderInputSchema, req.body));
  });

  app.post("/api/order/verify", { schema: contracts.verify }, async (req, reply) => {
    const ctx = await customerRestContext(req);
    const result = await verifyPayment(ctx, ctx.auth.userId, parseInput(verifyPaymentInputSchema, req.body));
    return reply.status(result.success ? 200 : 400).send(result);
  });

  /** The customer cancels a paid order within CANCEL_WINDOW_MINUTES (DECISIONS "After the sale"); 409 with the reason otherwise. */
  app.post("/api/order/cancel", { schema: contracts.cancel }, async (req) => {
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

  app.get<{ Params: { orderId: string } }>("/api/order/:orderId/invoice", { schema: contracts.invoice }, async (req, reply) => {
    const ctx = await restContext(req);
    return sendPdf(reply, await invoiceDocument(ctx, ctx.auth, req.params.orderId), "invoice");
  });

  /** A processed refund's credit note; `number` as written (`MTHC/26-27/3`, slashes encoded as %2F) or with dashes. */
  app.get<{ Params: { orderId: string; number: string } }>("/api/order/:orderId/credit-notes/:number", { schema: contracts.creditNote }, async (req, reply) => {
    const ctx = await restContext(req);
    const number = req.params.number.replace(/^([A-Z0-9]+C)-(\d\d-\d\d)-(\d+)$/, "$1/$2/$3");
    return sendPdf(reply, await creditNoteDocument(ctx, ctx.auth, req.params.orderId, number), "credit-note");
  });

  app.post("/api/order/userorders", { schema: contracts.userOrders }, async (req) => {
    const ctx = await customerRestContext(req);
    return { success: true, data: await listCustomerOrders(ctx.db, ctx.auth.userId) };
  });
}
