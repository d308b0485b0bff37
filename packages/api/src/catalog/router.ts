import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { foodItemSchema } from "@mithai/schema/contracts/catalog";
import { publicProcedure } from "../trpc";
import { getFoodItemById, getFoodItemBySlug, listFoodItems } from "./food-items";

export const catalogRouter = {
  list: publicProcedure.output(z.array(foodItemSchema)).query(({ ctx }) => listFoodItems(ctx.db)),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().max(200) }))
    .output(foodItemSchema)
    .query(({ ctx, input }) => getFoodItemBySlug(ctx.db, input.slug)),
  byId: publicProcedure
    .input(z.object({ id: z.string().max(100) }))
    .output(foodItemSchema)
    .query(({ ctx, input }) => getFoodItemById(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
