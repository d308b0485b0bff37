import type { TRPCRouterRecord } from "@trpc/server";
import { catalogIdInputSchema, catalogListInputSchema, catalogSearchInputSchema, catalogSlugInputSchema, DEFAULT_LANGUAGE } from "@mithai/schema";
import { publicProcedure } from "../trpc";
import { findById, findBySlug } from "./cache";
import { searchCatalog } from "./search";

// Answers come from the catalogue cache, built from validated rows: no output re-validation on this hot path.
// Every read takes `lang` (English when left out) and answers in it, field by field (DECISIONS, "Languages").
export const catalogRouter = {
  list: publicProcedure
    .input(catalogListInputSchema)
    .query(async ({ ctx, input }) => (await ctx.catalog.snapshot()).languages[input?.lang ?? DEFAULT_LANGUAGE].items),
  bySlug: publicProcedure
    .input(catalogSlugInputSchema)
    .query(async ({ ctx, input }) => findBySlug((await ctx.catalog.snapshot()).languages[input.lang ?? DEFAULT_LANGUAGE], input.slug)),
  byId: publicProcedure
    .input(catalogIdInputSchema)
    .query(async ({ ctx, input }) => findById((await ctx.catalog.snapshot()).languages[input.lang ?? DEFAULT_LANGUAGE], input.id)),
  /** Storefront search by name (in any of the languages) and ingredient, tolerant of spelling (catalog/search.ts). */
  search: publicProcedure
    .input(catalogSearchInputSchema)
    .query(async ({ ctx, input }) => searchCatalog(ctx.db, (await ctx.catalog.snapshot()).languages[input.lang ?? DEFAULT_LANGUAGE], input.q)),
} satisfies TRPCRouterRecord;
