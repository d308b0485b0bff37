import type { TRPCRouterRecord } from "@trpc/server";
import {
  deliveryQuoteInputSchema,
  deliveryZoneInputSchema,
  kitchenIdInputSchema,
  promoApplyInputSchema,
  promoInputSchema,
  setStockInputSchema,
  updateDeliveryZoneInputSchema,
  updatePromoInputSchema,
} from "@mithai/schema/contracts/kitchen";
import { adminProcedure, customerProcedure, publicProcedure } from "../trpc";
import { createDeliveryZone, deleteDeliveryZone, listDeliveryZones, quoteDelivery, updateDeliveryZone } from "../delivery/zones";
import { applyPromo } from "../promos/apply";
import { createPromo, deletePromo, listPromos, updatePromo } from "../promos/promos";
import { setStock } from "../stock/stock";

/** The kitchen's rules for admins (DECISIONS "The kitchen's rules"): stock quick edit, delivery zones, promo codes. */
export const kitchenAdminProcedures = {
  setStock: adminProcedure.input(setStockInputSchema).mutation(({ ctx, input }) => setStock(ctx, input.id, input.stockKg)),
  deliveryZones: adminProcedure.query(({ ctx }) => listDeliveryZones(ctx.db)),
  createDeliveryZone: adminProcedure.input(deliveryZoneInputSchema).mutation(({ ctx, input }) => createDeliveryZone(ctx.db, input)),
  updateDeliveryZone: adminProcedure.input(updateDeliveryZoneInputSchema).mutation(({ ctx, input }) => updateDeliveryZone(ctx.db, input.id, input.zone)),
  deleteDeliveryZone: adminProcedure.input(kitchenIdInputSchema).mutation(({ ctx, input }) => deleteDeliveryZone(ctx.db, input.id)),
  promos: adminProcedure.query(({ ctx }) => listPromos(ctx.db)),
  createPromo: adminProcedure.input(promoInputSchema).mutation(({ ctx, input }) => createPromo(ctx.db, input)),
  updatePromo: adminProcedure.input(updatePromoInputSchema).mutation(({ ctx, input }) => updatePromo(ctx.db, input.id, input.promo)),
  deletePromo: adminProcedure.input(kitchenIdInputSchema).mutation(({ ctx, input }) => deletePromo(ctx.db, input.id)),
} satisfies TRPCRouterRecord;

export const deliveryRouter = {
  /** Whether a pincode is served, what delivery costs for a subtotal (rupees) and when it arrives. */
  quote: publicProcedure.input(deliveryQuoteInputSchema).query(({ ctx, input }) => quoteDelivery(ctx.db, input.pincode, input.subtotal)),
} satisfies TRPCRouterRecord;

export const promoRouter = {
  /** What a promo code takes off the customer's cart now, or why it cannot be used. */
  apply: customerProcedure.input(promoApplyInputSchema).mutation(({ ctx, input }) => applyPromo(ctx.db, ctx.auth.userId, input.code)),
} satisfies TRPCRouterRecord;
