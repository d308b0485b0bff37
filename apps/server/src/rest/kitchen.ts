import type { FastifyInstance } from "fastify";
import {
  applyPromo,
  createDeliveryZone,
  createPromo,
  deleteDeliveryZone,
  deletePromo,
  deliveryTerms,
  listDeliveryZones,
  listPromos,
  quoteDelivery,
  removeCartPromo,
  setStock,
  updateDeliveryZone,
  updatePromo,
} from "@mithai/api";
import {
  deletedSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliveryTermsAnswerSchema,
  deliveryZoneAnswerSchema,
  deliveryZoneInputSchema,
  deliveryZoneListAnswerSchema,
  kitchenIdInputSchema,
  promoAnswerSchema,
  promoApplyAnswerSchema,
  promoApplyInputSchema,
  promoInputSchema,
  promoListAnswerSchema,
  promoRemovedAnswerSchema,
  setStockInputSchema,
  stockAnswerSchema,
} from "@mithai/schema";
import { contract } from "./contract";
import { requireAdmin } from "./admin-http";
import { customerRestContext, parseInput } from "./request";

const PROMO_REFUSALS = ["PROMO_INVALID", "PROMO_NOT_STARTED", "PROMO_EXPIRED", "PROMO_USED_UP", "PROMO_ALREADY_USED", "PROMO_MIN_SUBTOTAL"] as const;
const idParams = kitchenIdInputSchema;

const contracts = {
  quote: contract({ summary: "Whether a PIN code is delivered to, the charge and the expected days", tag: "Kitchen", querystring: deliveryQuoteInputSchema, answer: deliveryQuoteSchema }),
  terms: contract({ summary: "The delivery zones' charges, as the checkout explains them", tag: "Kitchen", answer: deliveryTermsAnswerSchema }),
  removePromo: contract({ summary: "Take the promo code off the cart", tag: "Kitchen", auth: "customer", answer: promoRemovedAnswerSchema }),
  applyPromo: contract({
    summary: "Try a promo code on the cart (kept with it when it applies)",
    tag: "Kitchen",
    auth: "customer",
    body: promoApplyInputSchema,
    answer: promoApplyAnswerSchema,
    refusals: [...PROMO_REFUSALS, "CART_EMPTY", "RATE_LIMITED"],
  }),
  zones: contract({ summary: "Every delivery zone", tag: "Admin", auth: "admin", answer: deliveryZoneListAnswerSchema }),
  addZone: contract({ summary: "Add a delivery zone", tag: "Admin", auth: "admin", body: deliveryZoneInputSchema, answer: deliveryZoneAnswerSchema, refusals: ["ALREADY_EXISTS"] }),
  editZone: contract({
    summary: "Change a delivery zone",
    tag: "Admin",
    auth: "admin",
    params: idParams,
    body: deliveryZoneInputSchema,
    answer: deliveryZoneAnswerSchema,
    refusals: ["NOT_FOUND", "ALREADY_EXISTS"],
  }),
  deleteZone: contract({ summary: "Delete a delivery zone", tag: "Admin", auth: "admin", params: idParams, answer: deletedSchema, refusals: ["NOT_FOUND"] }),
  promos: contract({ summary: "Every promo code, with its uses", tag: "Admin", auth: "admin", answer: promoListAnswerSchema }),
  addPromo: contract({ summary: "Add a promo code", tag: "Admin", auth: "admin", body: promoInputSchema, answer: promoAnswerSchema, refusals: ["ALREADY_EXISTS"] }),
  editPromo: contract({
    summary: "Change a promo code",
    tag: "Admin",
    auth: "admin",
    params: idParams,
    body: promoInputSchema,
    answer: promoAnswerSchema,
    refusals: ["NOT_FOUND", "ALREADY_EXISTS"],
  }),
  deletePromo: contract({ summary: "Delete a promo code", tag: "Admin", auth: "admin", params: idParams, answer: deletedSchema, refusals: ["NOT_FOUND"] }),
  setStock: contract({
    summary: "Set the kilograms left of a sweet (null or \"\" stops tracking)",
    tag: "Admin",
    auth: "admin",
    params: idParams,
    body: setStockInputSchema.omit({ id: true }),
    answer: stockAnswerSchema,
    refusals: ["NOT_FOUND"],
  }),
};

/** DECISIONS "The kitchen's rules": the delivery quote and the cart's promo box, for customers. */
export async function kitchenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get("/api/delivery/quote", { schema: contracts.quote }, async (req) => {
    const { pincode, subtotal } = parseInput(deliveryQuoteInputSchema, req.query);
    return quoteDelivery(db, pincode, subtotal);
  });

  app.get("/api/delivery/terms", { schema: contracts.terms }, async () => ({ success: true, ...(await deliveryTerms(db)) }));

  app.delete("/api/promo", { schema: contracts.removePromo }, async (req) => removeCartPromo(db, (await customerRestContext(req)).auth.userId));

  app.post("/api/promo/apply", { schema: contracts.applyPromo }, async (req) => {
    const ctx = await customerRestContext(req);
    const { code } = parseInput(promoApplyInputSchema, req.body);
    return applyPromo(ctx, ctx.auth.userId, code);
  });
}

/** The kitchen's rules for admins: delivery zones, promo codes and the stock quick edit. */
export async function adminKitchenRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", requireAdmin);
  const { db } = app.deps;
  const idOf = (params: unknown) => parseInput(kitchenIdInputSchema, params).id;

  app.get("/api/admin/delivery-zones", { schema: contracts.zones }, async () => ({ success: true, data: await listDeliveryZones(db) }));
  app.post("/api/admin/delivery-zones", { schema: contracts.addZone }, async (req) => ({ success: true, data: await createDeliveryZone(db, parseInput(deliveryZoneInputSchema, req.body)) }));
  app.put("/api/admin/delivery-zones/:id", { schema: contracts.editZone }, async (req) => ({
    success: true,
    data: await updateDeliveryZone(db, idOf(req.params), parseInput(deliveryZoneInputSchema, req.body)),
  }));
  app.delete("/api/admin/delivery-zones/:id", { schema: contracts.deleteZone }, async (req) => deleteDeliveryZone(db, idOf(req.params)));

  app.get("/api/admin/promos", { schema: contracts.promos }, async () => ({ success: true, data: await listPromos(db) }));
  app.post("/api/admin/promos", { schema: contracts.addPromo }, async (req) => ({ success: true, data: await createPromo(db, parseInput(promoInputSchema, req.body)) }));
  app.put("/api/admin/promos/:id", { schema: contracts.editPromo }, async (req) => ({ success: true, data: await updatePromo(db, idOf(req.params), parseInput(promoInputSchema, req.body)) }));
  app.delete("/api/admin/promos/:id", { schema: contracts.deletePromo }, async (req) => deletePromo(db, idOf(req.params)));

  /** The list's quick edit of one item's stock: `{ stockKg }` (null or "" stops tracking). */
  app.put("/api/admin/food/:id/stock", { schema: contracts.setStock }, async (req) => {
    const { id, stockKg } = parseInput(setStockInputSchema, { ...((req.body as object | null) ?? {}), id: (req.params as { id: string }).id });
    return setStock(app.deps, id, stockKg);
  });
}
