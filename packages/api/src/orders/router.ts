import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  abandonAnswerSchema,
  abandonOrderInputSchema,
  cancelOrderInputSchema,
  checkoutPreviewInputSchema,
  checkoutPreviewSchema,
  creditNoteInputSchema,
  customerOrderSchema,
  invoiceDocumentSchema,
  invoiceInputSchema,
  placedOrderSchema,
  placeOrderInputSchema,
  refundAnswerSchema,
  verifyPaymentInputSchema,
  verifyResultSchema,
} from "@mithai/schema";
import { creditNoteDocument, invoiceDocument, invoiceDocumentData } from "../invoices/document";
import { cancelOrder } from "../refunds/cancel";
import { abandonPendingOrder } from "../payments/reconciler";
import { customerProcedure } from "../trpc";
import { listCustomerOrders } from "./history";
import { placeOrder, previewCheckout } from "./place";
import { verifyPayment } from "./verify";

export const orderRouter = {
  /** What `place` would charge now, including whether the month's ₹150 discount applies. */
  preview: customerProcedure.input(checkoutPreviewInputSchema).output(checkoutPreviewSchema).query(({ ctx, input }) => previewCheckout(ctx, ctx.auth.userId, input ?? {})),
  place: customerProcedure.input(placeOrderInputSchema).output(placedOrderSchema).mutation(({ ctx, input }) => placeOrder(ctx, ctx.auth.userId, input)),
  verify: customerProcedure.input(verifyPaymentInputSchema).output(verifyResultSchema).mutation(({ ctx, input }) => verifyPayment(ctx, ctx.auth.userId, input)),
  /** The payment window was closed without paying. */
  abandon: customerProcedure
    .input(abandonOrderInputSchema)
    .output(abandonAnswerSchema)
    .mutation(({ ctx, input }) => abandonPendingOrder(ctx, ctx.auth.userId, input.orderId)),
  mine: customerProcedure.output(z.array(customerOrderSchema)).query(({ ctx }) => listCustomerOrders(ctx.db, ctx.auth.userId)),
  /** Cancels a paid order within the cancellation window and refunds it in full. */
  cancel: customerProcedure.input(cancelOrderInputSchema).output(refundAnswerSchema).mutation(({ ctx, input }) => cancelOrder(ctx, ctx.auth.userId, input.orderId)),
  /** The order's tax invoice (or bill of supply) as data, for its customer or an admin (the PDF is `GET /api/order/{id}/invoice`). */
  invoice: customerProcedure
    .input(invoiceInputSchema)
    .output(invoiceDocumentSchema)
    .query(async ({ ctx, input }) => invoiceDocumentData(await invoiceDocument(ctx, ctx.auth, input.orderId))),
  /** A processed refund's credit note as data (the PDF is `GET /api/order/{id}/credit-notes/{number}`). */
  creditNote: customerProcedure
    .input(creditNoteInputSchema)
    .output(invoiceDocumentSchema)
    .query(async ({ ctx, input }) => invoiceDocumentData(await creditNoteDocument(ctx, ctx.auth, input.orderId, input.number))),
} satisfies TRPCRouterRecord;
