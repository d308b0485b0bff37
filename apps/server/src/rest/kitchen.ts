import type { FastifyInstance } from "fastify";
import { createDeliveryZone, deleteDeliveryZone, listDeliveryZones, quoteDelivery, updateDeliveryZone } from "@mithai/api/delivery/zones";
import { applyPromo } from "@mithai/api/promos/apply";
import { createPromo, deletePromo, listPromos, updatePromo } from "@mithai/api/promos/promos";
import { setStock } from "@mithai/api/stock/stock";
import {
  deliveryQuoteInputSchema,
  deliveryZoneInputSchema,
  kitchenIdInputSchema,
  promoApplyInputSchema,
  promoInputSchema,
  setStockInputSchema,
} from "@mithai/schema/contracts/kitchen";
import { requireAdmin } from "./admin-http";
import { customerRestContext, parseInput } from "./request";

/** DECISIONS "The kitchen's rules": the delivery quote and the cart's promo box, for customers. */
export async function kitchenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get("/api/delivery/quote", async (req) => {
    const { pincode, subtotal } = parseInput(deliveryQuoteInputSchema, req.query);
    return quoteDelivery(db, pincode, subtotal);
  });

  app.post("/api/promo/apply", async (req) => {
    const ctx = await customerRestContext(req);
    const { code } = parseInput(promoApplyInputSchema, req.body);
    return applyPromo(db, ctx.auth.userId, code);
  });
}

/** The kitchen's rules for admins: delivery zones, promo codes and the stock quick edit. */
export async function adminKitchenRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  const { db } = app.deps;
  const idOf = (params: unknown) => parseInput(kitchenIdInputSchema, params).id;

  app.get("/api/admin/delivery-zones", async () => ({ success: true, data: await listDeliveryZones(db) }));
  app.post("/api/admin/delivery-zones", async (req) => ({ success: true, data: await createDeliveryZone(db, parseInput(deliveryZoneInputSchema, req.body)) }));
  app.put("/api/admin/delivery-zones/:id", async (req) => ({
    success: true,
    data: await updateDeliveryZone(db, idOf(req.params), parseInput(deliveryZoneInputSchema, req.body)),
  }));
  app.delete("/api/admin/delivery-zones/:id", async (req) => deleteDeliveryZone(db, idOf(req.params)));

  app.get("/api/admin/promos", async () => ({ success: true, data: await listPromos(db) }));
  app.post("/api/admin/promos", async (req) => ({ success: true, data: await createPromo(db, parseInput(promoInputSchema, req.body)) }));
  app.put("/api/admin/promos/:id", async (req) => ({ success: true, data: await updatePromo(db, idOf(req.params), parseInput(promoInputSchema, req.body)) }));
  app.delete("/api/admin/promos/:id", async (req) => deletePromo(db, idOf(req.params)));

  /** The list's quick edit of one item's stock: `{ stockKg }` (null or "" stops tracking). */
  app.put("/api/admin/food/:id/stock", async (req) => {
    const { id, stockKg } = parseInput(setStockInputSchema, { ...((req.body as object | null) ?? {}), id: (req.params as { id: string }).id });
    return setStock(app.deps, id, stockKg);
  });
}
