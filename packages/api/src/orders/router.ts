import type { TRPCRouterRecord } from "@trpc/server";
import { placeOrderInputSchema, verifyPaymentInputSchema } from "@mithai/schema/contracts/order";
import { customerProcedure } from "../trpc";
import { listCustomerOrders } from "./history";
import { placeOrder, previewCheckout } from "./place";
import { verifyPayment } from "./verify";

export const orderRouter = {
  /** What `place` would charge now, including whether the month's ₹150 discount applies. */
  preview: customerProcedure.query(({ ctx }) => previewCheckout(ctx.db, ctx.auth.userId)),
  place: customerProcedure.input(placeOrderInputSchema).mutation(({ ctx, input }) => placeOrder(ctx, ctx.auth.userId, input.address)),
  verify: customerProcedure.input(verifyPaymentInputSchema).mutation(({ ctx, input }) => verifyPayment(ctx, ctx.auth.userId, input)),
  mine: customerProcedure.query(({ ctx }) => listCustomerOrders(ctx.db, ctx.auth.userId)),
} satisfies TRPCRouterRecord;
