import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createReviewSchema, productIdSchema, reviewSchema } from "@mithai/schema/contracts/reviews";
import { customerProcedure, publicProcedure } from "../trpc";
import { createReview, listReviews } from "./service";

export const reviewsRouter = {
  list: publicProcedure
    .input(z.object({ productId: productIdSchema }))
    .output(z.array(reviewSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, input.productId)),
  create: customerProcedure
    .input(createReviewSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.auth.userId, input)),
} satisfies TRPCRouterRecord;
