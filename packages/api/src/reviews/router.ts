import type { TRPCRouterRecord } from "@trpc/server";
import { createReviewSchema, reviewPageInputSchema, reviewPageSchema, reviewSchema } from "@mithai/schema";
import { customerProcedure, publicProcedure } from "../trpc";
import { createReview, listReviewPage } from "./service";

export const reviewsRouter = {
  list: publicProcedure
    .input(reviewPageInputSchema)
    .output(reviewPageSchema)
    .query(({ ctx, input }) => listReviewPage(ctx.db, input)),
  create: customerProcedure
    .input(createReviewSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.auth.userId, input)),
} satisfies TRPCRouterRecord;
