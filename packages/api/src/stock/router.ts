import type { TRPCRouterRecord } from "@trpc/server";
import { setStockInputSchema, stockAnswerSchema } from "@mithai/schema";
import { adminProcedure } from "../trpc";
import { setStock } from "./stock";

/** The stock quick edit for admins (DECISIONS "The kitchen's rules"): tRPC `admin.setStock`. */
export const stockAdminProcedures = {
  setStock: adminProcedure.input(setStockInputSchema).output(stockAnswerSchema).mutation(({ ctx, input }) => setStock(ctx, input.id, input.stockKg)),
} satisfies TRPCRouterRecord;
