import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { orderListInputSchema, updateOrderStatusSchema } from "@mithai/schema/contracts/admin";
import { adminProcedure } from "../trpc";
import { removeFoodItem } from "./food-admin";
import { listAdminOrders, todaySales, updateOrderStatus } from "./orders-admin";

/**
 * The admin panel's calls. Adding and editing items goes through the multipart REST adapters
 * (`/api/food/add`, `/api/food/edit/:id`), because they carry a picture; the rules live in food-admin.ts.
 */
export const adminRouter = {
  removeFood: adminProcedure
    .input(z.object({ id: z.string().max(100) }))
    .mutation(({ ctx, input }) => removeFoodItem({ ...ctx, imagesDir: ctx.config.imagesDir }, input.id)),
  orders: adminProcedure.input(orderListInputSchema).query(({ ctx, input }) => listAdminOrders(ctx.db, input)),
  updateOrderStatus: adminProcedure
    .input(updateOrderStatusSchema)
    .mutation(({ ctx, input }) => updateOrderStatus(ctx.db, input.orderId, input.status)),
  todaySales: adminProcedure.query(({ ctx }) => todaySales(ctx.db)),
} satisfies TRPCRouterRecord;
