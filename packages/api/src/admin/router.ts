import { z } from "zod";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  addFoodFormSchema,
  adminCustomerPageSchema,
  adminFoodItemSchema,
  adminOrderPageSchema,
  adminReviewPageSchema,
  catalogIdInputSchema,
  checkFoodAnswerSchema,
  checkFoodFormSchema,
  customerListInputSchema,
  editFoodFormSchema,
  healthReportSchema,
  messageAnswerSchema,
  orderListInputSchema,
  ordersCsvInputSchema,
  ordersCsvPageSchema,
  refundAnswerSchema,
  refundIdInputSchema,
  refundOrderInputSchema,
  removeFoodInputSchema,
  retryMailInputSchema,
  reviewIdInputSchema,
  reviewListInputSchema,
  todaySalesSchema,
  undeliveredMailListSchema,
  updateOrderStatusSchema,
} from "@mithai/schema";
import { adminProcedure } from "../trpc";
import { findById } from "../catalog/cache";
import { healthReport } from "../health/report";
import { deliveryAdminProcedures } from "../delivery/router";
import { ownerAdminProcedures } from "../owner/router";
import { promoAdminProcedures } from "../promos/router";
import { stockAdminProcedures } from "../stock/router";
import { addFoodItem, checkFoodItem, editFoodItem, removeFoodItem } from "./food-admin";
import { idempotencyKeyOf } from "./idempotency";
import { listCustomers } from "./customers-admin";
import { listUndeliveredMail, retryMail } from "./mail-admin";
import { ordersCsvPage } from "./orders-csv";
import { hideReview, listReviewsForAdmin, restoreReview } from "./reviews-admin";
import { requestRefund, retryRefund } from "../refunds/provider-sync";
import { listAdminOrders, todaySales, updateOrderStatus } from "./orders-admin";


/** The picture of a form as bytes for the image pipeline (the form's size was bounded before it was read). */
const imageBytes = async (image: Blob | undefined) => (image ? Buffer.from(await image.arrayBuffer()) : undefined);

/**
 * Every admin operation. Items are added and edited as FormData (fields plus the picture file), the same form the
 * multipart REST adapters (`/api/food/add`, `/api/food/edit/:id`) read; the rules live in the services both call.
 */
export const adminRouter = {
  /** Every item on sale in English with its Hindi and Telugu fields (the catalogue export's and the edit form's read). */
  foodItems: adminProcedure.output(z.array(adminFoodItemSchema)).query(async ({ ctx }) => (await ctx.catalog.snapshot()).adminItems),
  foodItem: adminProcedure
    .input(catalogIdInputSchema.pick({ id: true }))
    .output(adminFoodItemSchema)
    .query(async ({ ctx, input }) => findById({ byId: (await ctx.catalog.snapshot()).adminById }, input.id)),
  checkFood: adminProcedure
    .input(checkFoodFormSchema)
    .output(checkFoodAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await checkFoodItem(ctx.db, input.id);
      return { valid: true as const };
    }),
  addFood: adminProcedure
    .input(addFoodFormSchema)
    .output(adminFoodItemSchema)
    .mutation(async ({ ctx, input: { image, ...fields } }) => {
      const key = idempotencyKeyOf(ctx.idempotencyKey);
      return addFoodItem(ctx, fields, await imageBytes(image), { idempotency: key ? { scope: "food.add", actorId: ctx.auth.userId, key } : undefined });
    }),
  editFood: adminProcedure
    .input(editFoodFormSchema)
    .output(adminFoodItemSchema)
    .mutation(async ({ ctx, input: { id, image, ...fields } }) => editFoodItem(ctx, id, fields, await imageBytes(image))),
  removeFood: adminProcedure
    .input(removeFoodInputSchema)
    .output(messageAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await removeFoodItem(ctx, input.id);
      return { message: "Food item removed" };
    }),
  orders: adminProcedure.input(orderListInputSchema).output(adminOrderPageSchema).query(({ ctx, input }) => listAdminOrders(ctx.db, input)),
  ordersCsv: adminProcedure.input(ordersCsvInputSchema).output(ordersCsvPageSchema).query(({ ctx, input }) => ordersCsvPage(ctx.db, input)),
  updateOrderStatus: adminProcedure
    .input(updateOrderStatusSchema)
    .output(messageAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await updateOrderStatus(ctx, input.orderId, input.status, ctx.auth.userId, { refund: input.refund, waiveClawback: input.waiveClawback });
      return { message: "Status updated" };
    }),
  todaySales: adminProcedure.output(todaySalesSchema).query(({ ctx }) => todaySales(ctx.db)),
  health: adminProcedure.output(healthReportSchema).query(({ ctx }) => healthReport(ctx)),
  undeliveredMail: adminProcedure.output(undeliveredMailListSchema).query(({ ctx }) => listUndeliveredMail(ctx)),
  retryMail: adminProcedure.input(retryMailInputSchema).output(messageAnswerSchema).mutation(({ ctx, input }) => retryMail(ctx, input.id)),
  refundOrder: adminProcedure
    .input(refundOrderInputSchema)
    .output(refundAnswerSchema)
    .mutation(({ ctx, input }) =>
      requestRefund(ctx, {
        orderId: input.orderId,
        amountPaise: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey ?? idempotencyKeyOf(ctx.idempotencyKey),
        requestedBy: ctx.auth.userId,
        restock: input.restock,
        waiveClawback: input.waiveClawback,
      }),
    ),
  retryRefund: adminProcedure.input(refundIdInputSchema).output(refundAnswerSchema).mutation(({ ctx, input }) => retryRefund(ctx, input.id)),
  customers: adminProcedure.input(customerListInputSchema).output(adminCustomerPageSchema).query(({ ctx, input }) => listCustomers(ctx.db, input)),
  reviews: adminProcedure.input(reviewListInputSchema).output(adminReviewPageSchema).query(({ ctx, input }) => listReviewsForAdmin(ctx.db, input)),
  hideReview: adminProcedure.input(reviewIdInputSchema).output(messageAnswerSchema).mutation(({ ctx, input }) => hideReview(ctx, ctx.auth.userId, input.id)),
  restoreReview: adminProcedure.input(reviewIdInputSchema).output(messageAnswerSchema).mutation(({ ctx, input }) => restoreReview(ctx, input.id)),
  ...stockAdminProcedures,
  ...deliveryAdminProcedures,
  ...promoAdminProcedures,
  ...ownerAdminProcedures,
} satisfies TRPCRouterRecord;
