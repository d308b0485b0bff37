import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { publicProcedure } from "../trpc";
import { findById, findBySlug } from "./cache";

// Answers come from the catalogue cache, built from validated rows: no output re-validation on this hot path.
export const catalogRouter = {
  list: publicProcedure.query(async ({ ctx }) => (await ctx.catalog.snapshot()).items),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().max(200) }))
    .query(async ({ ctx, input }) => findBySlug(await ctx.catalog.snapshot(), input.slug)),
  byId: publicProcedure
    .input(z.object({ id: z.string().max(100) }))
    .query(async ({ ctx, input }) => findById(await ctx.catalog.snapshot(), input.id)),
} satisfies TRPCRouterRecord;
