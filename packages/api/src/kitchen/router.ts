import type { TRPCRouterRecord } from "@trpc/server";
import {
  deletedSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliveryTermsSchema,
  deliveryZoneInputSchema,
  deliveryZoneSchema,
  kitchenIdInputSchema,
  promoApplyAnswerSchema,
  promoApplyInputSchema,
  promoCodeSchema,
  promoInputSchema,
  setStockInputSchema,
  stockAnswerSchema,
  updateDeliveryZoneInputSchema,
  updatePromoInputSchema,
} from "@mithai/schema/contracts/kitchen";
import { z } from "zod";
import { adminProcedure, customerProcedure, publicProcedure } from "../trpc";
import { createDeliveryZone, deleteDeliveryZone, deliveryTerms, listDeliveryZones, quoteDelivery, updateDeliveryZone } from "../delivery/zones";
import { applyPromo } from "../promos/apply";
import { cartPromoCode, removeCartPromo } from "../promos/cart-promo";
import { createPromo, deletePromo, listPromos, updatePromo } from "../promos/promos";
import { setStock } from "../stock/stock";

/** The kitchen's rules for admins (DECISIONS "The kitchen's rules"): stock quick edit, delivery zones, promo codes. */
export const kitchenAdminProcedures = {
  setStock: adminProcedure.input(setStockInputSchema).output(stockAnswerSchema).mutation(({ ctx, input }) => setStock(ctx, input.id, input.stockKg)),
  deliveryZones: adminProcedure.output(z.array(deliveryZoneSchema)).query(({ ctx }) => listDeliveryZones(ctx.db)),
  createDeliveryZone: adminProcedure.input(deliveryZoneInputSchema).output(deliveryZoneSchema).mutation(({ ctx, input }) => createDeliveryZone(ctx.db, input)),
  updateDeliveryZone: adminProcedure.input(updateDeliveryZoneInputSchema).output(deliveryZoneSchema).mutation(({ ctx, input }) => updateDeliveryZone(ctx.db, input.id, input.zone)),
  deleteDeliveryZone: adminProcedure.input(kitchenIdInputSchema).output(deletedSchema).mutation(({ ctx, input }) => deleteDeliveryZone(ctx.db, input.id)),
  promos: adminProcedure.output(z.array(promoCodeSchema)).query(({ ctx }) => listPromos(ctx.db)),
  createPromo: adminProcedure.input(promoInputSchema).output(promoCodeSchema).mutation(({ ctx, input }) => createPromo(ctx.db, input)),
  updatePromo: adminProcedure.input(updatePromoInputSchema).output(promoCodeSchema).mutation(({ ctx, input }) => updatePromo(ctx.db, input.id, input.promo)),
  deletePromo: adminProcedure.input(kitchenIdInputSchema).output(deletedSchema).mutation(({ ctx, input }) => deletePromo(ctx.db, input.id)),
} satisfies TRPCRouterRecord;

export const deliveryRouter = {
  /** Whether a pincode is served, what delivery costs for a subtotal (rupees) and when it arrives. */
  quote: publicProcedure.input(deliveryQuoteInputSchema).output(deliveryQuoteSchema).query(({ ctx, input }) => quoteDelivery(ctx.db, input.pincode, input.subtotal)),
  /** What the zones charge and the one sentence every page says about delivery. */
  terms: publicProcedure.output(deliveryTermsSchema).query(({ ctx }) => deliveryTerms(ctx.db)),
} satisfies TRPCRouterRecord;

export const promoRouter = {
  /** What a promo code takes off the customer's cart now, or why it cannot be used. */
  apply: customerProcedure.input(promoApplyInputSchema).output(promoApplyAnswerSchema).mutation(({ ctx, input }) => applyPromo(ctx, ctx.auth.userId, input.code)),
  /** The code kept with the server cart (applied and not removed since the last paid order), or null. */
  current: customerProcedure.query(async ({ ctx }) => ({ promoCode: await cartPromoCode(ctx.db, ctx.auth.userId) })),
  /** Takes the kept code off the cart. */
  remove: customerProcedure.mutation(({ ctx }) => removeCartPromo(ctx.db, ctx.auth.userId)),
} satisfies TRPCRouterRecord;
