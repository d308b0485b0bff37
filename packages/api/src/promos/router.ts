import type { TRPCRouterRecord } from "@trpc/server";
import {
  deletedSchema,
  kitchenIdInputSchema,
  promoApplyAnswerSchema,
  promoApplyInputSchema,
  promoCodeSchema,
  promoInputSchema,
  updatePromoInputSchema,
} from "@mithai/schema";
import { z } from "zod";
import { adminProcedure, customerProcedure } from "../trpc";
import { applyPromo } from "./apply";
import { cartPromoCode, removeCartPromo } from "./cart-promo";
import { createPromo, deletePromo, listPromos, updatePromo } from "./promos";

/** Promo codes for admins (DECISIONS "The kitchen's rules"): tRPC `admin.promos`, `admin.*Promo`. */
export const promoAdminProcedures = {
  promos: adminProcedure.output(z.array(promoCodeSchema)).query(({ ctx }) => listPromos(ctx.db)),
  createPromo: adminProcedure.input(promoInputSchema).output(promoCodeSchema).mutation(({ ctx, input }) => createPromo(ctx.db, input)),
  updatePromo: adminProcedure.input(updatePromoInputSchema).output(promoCodeSchema).mutation(({ ctx, input }) => updatePromo(ctx.db, input.id, input.promo)),
  deletePromo: adminProcedure.input(kitchenIdInputSchema).output(deletedSchema).mutation(({ ctx, input }) => deletePromo(ctx.db, input.id)),
} satisfies TRPCRouterRecord;

export const promoRouter = {
  /** What a promo code takes off the customer's cart now, or why it cannot be used. */
  apply: customerProcedure.input(promoApplyInputSchema).output(promoApplyAnswerSchema).mutation(({ ctx, input }) => applyPromo(ctx, ctx.auth.userId, input.code)),
  /** The code kept with the server cart (applied and not removed since the last paid order), or null. */
  current: customerProcedure.query(async ({ ctx }) => ({ promoCode: await cartPromoCode(ctx.db, ctx.auth.userId) })),
  /** Takes the kept code off the cart. */
  remove: customerProcedure.mutation(({ ctx }) => removeCartPromo(ctx.db, ctx.auth.userId)),
} satisfies TRPCRouterRecord;
