import type { TRPCRouterRecord } from "@trpc/server";
import { productionInputSchema, productionSheetSchema, salesInputSchema, salesReportSchema, stockGlanceSchema } from "@mithai/schema";
import { adminProcedure } from "../trpc";
import { productionSheet } from "./production";
import { salesReport, stockGlance } from "./sales";

/** The owner's day (DECISIONS "The owner's day"): tRPC `admin.sales`, `admin.stockGlance`, `admin.production`. */
export const ownerAdminProcedures = {
  sales: adminProcedure.input(salesInputSchema).output(salesReportSchema).query(({ ctx, input }) => salesReport(ctx.db, input)),
  stockGlance: adminProcedure.output(stockGlanceSchema).query(({ ctx }) => stockGlance(ctx.db)),
  production: adminProcedure.input(productionInputSchema).output(productionSheetSchema).query(({ ctx, input }) => productionSheet(ctx.db, input.date)),
} satisfies TRPCRouterRecord;
