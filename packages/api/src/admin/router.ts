import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  customerListInputSchema,
  orderListInputSchema,
  refundIdInputSchema,
  refundOrderInputSchema,
  retryMailInputSchema,
  reviewIdInputSchema,
  reviewListInputSchema,
  updateOrderStatusSchema,
} from "@mithai/schema/contracts/admin";
import { adminProcedure } from "../trpc";
import { kitchenAdminProcedures } from "../kitchen/router";
import { removeFoodItem } from "./food-admin";
import { listCustomers } from "./customers-admin";
import { listUndeliveredMail, retryMail } from "./mail-admin";
import { hideReview, listReviewsForAdmin, restoreReview } from "./reviews-admin";
import { requestRefund, retryRefund } from "../refunds/refunds";
import { listAdminOrders, todaySales, updateOrderStatus } from "./orders-admin";

/**
 * The admin panel's calls. Adding and editing items goes through the multipart REST adapters
 * (`/api/food/add`, `/api/food/edit/:id`), because they carry a picture; the rules live in food-admin.ts.
 */
export const adminRouter = {
  removeFood: adminProcedure
    .input(z.object({ id: z.string().max(100) }))
    .mutation(({ ctx, input }) => removeFoodItem(ctx, input.id)),
  orders: adminProcedure.input(orderListInputSchema).query(({ ctx, input }) => listAdminOrders(ctx.db, input)),
  updateOrderStatus: adminProcedure
    .input(updateOrderStatusSchema)
    .mutation(({ ctx, input }) => updateOrderStatus(ctx, input.orderId, input.status, ctx.auth.userId)),
  todaySales: adminProcedure.query(({ ctx }) => todaySales(ctx.db)),
  undeliveredMail: adminProcedure.query(({ ctx }) => listUndeliveredMail(ctx)),
  retryMail: adminProcedure.input(retryMailInputSchema).mutation(({ ctx, input }) => retryMail(ctx, input.id)),
  refundOrder: adminProcedure
    .input(refundOrderInputSchema)
    .mutation(({ ctx, input }) =>
      requestRefund(ctx, {
        orderId: input.orderId,
        amountPaise: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        requestedBy: ctx.auth.userId,
        restock: input.restock,
      }),
    ),
  retryRefund: adminProcedure.input(refundIdInputSchema).mutation(({ ctx, input }) => retryRefund(ctx, input.id)),
  customers: adminProcedure.input(customerListInputSchema).query(({ ctx, input }) => listCustomers(ctx.db, input)),
  reviews: adminProcedure.input(reviewListInputSchema).query(({ ctx, input }) => listReviewsForAdmin(ctx.db, input)),
  hideReview: adminProcedure.input(reviewIdInputSchema).mutation(({ ctx, input }) => hideReview(ctx.db, ctx.auth.userId, input.id)),
  restoreReview: adminProcedure.input(reviewIdInputSchema).mutation(({ ctx, input }) => restoreReview(ctx.db, input.id)),
  ...kitchenAdminProcedures,
} satisfies TRPCRouterRecord;
