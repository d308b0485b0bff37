import type { TRPCRouterRecord } from "@trpc/server";
import {
  deletedSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliveryTermsSchema,
  deliveryZoneInputSchema,
  deliveryZoneSchema,
  kitchenIdInputSchema,
  updateDeliveryZoneInputSchema,
} from "@mithai/schema";
import { z } from "zod";
import { adminProcedure, publicProcedure } from "../trpc";
import { createDeliveryZone, deleteDeliveryZone, deliveryTerms, listDeliveryZones, quoteDelivery, updateDeliveryZone } from "./zones";

/** Delivery zones for admins (DECISIONS "The kitchen's rules"): tRPC `admin.deliveryZones`, `admin.*DeliveryZone`. */
export const deliveryAdminProcedures = {
  deliveryZones: adminProcedure.output(z.array(deliveryZoneSchema)).query(({ ctx }) => listDeliveryZones(ctx.db)),
  createDeliveryZone: adminProcedure.input(deliveryZoneInputSchema).output(deliveryZoneSchema).mutation(({ ctx, input }) => createDeliveryZone(ctx.db, input)),
  updateDeliveryZone: adminProcedure.input(updateDeliveryZoneInputSchema).output(deliveryZoneSchema).mutation(({ ctx, input }) => updateDeliveryZone(ctx.db, input.id, input.zone)),
  deleteDeliveryZone: adminProcedure.input(kitchenIdInputSchema).output(deletedSchema).mutation(({ ctx, input }) => deleteDeliveryZone(ctx.db, input.id)),
} satisfies TRPCRouterRecord;

export const deliveryRouter = {
  /** Whether a pincode is served, what delivery costs for a subtotal (rupees) and when it arrives. */
  quote: publicProcedure.input(deliveryQuoteInputSchema).output(deliveryQuoteSchema).query(({ ctx, input }) => quoteDelivery(ctx.db, input.pincode, input.subtotal)),
  /** What the zones charge and the one sentence every page says about delivery. */
  terms: publicProcedure.output(deliveryTermsSchema).query(({ ctx }) => deliveryTerms(ctx.db)),
} satisfies TRPCRouterRecord;
