import type { TRPCRouterRecord } from "@trpc/server";
import { catalogIdInputSchema, catalogSlugInputSchema } from "@mithai/schema/contracts/catalog";
import { publicProcedure } from "../trpc";
import { findById, findBySlug } from "./cache";

// Answers come from the catalogue cache, built from validated rows: no output re-validation on this hot path.
export const catalogRouter = {
  list: publicProcedure.query(async ({ ctx }) => (await ctx.catalog.snapshot()).items),
  bySlug: publicProcedure
    .input(catalogSlugInputSchema)
    .query(async ({ ctx, input }) => findBySlug(await ctx.catalog.snapshot(), input.slug)),
  byId: publicProcedure
    .input(catalogIdInputSchema)
    .query(async ({ ctx, input }) => findById(await ctx.catalog.snapshot(), input.id)),
} satisfies TRPCRouterRecord;
