import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts";
import { adminFoodRoutes } from "./admin-food";
import { adminOrderRoutes } from "./admin-orders";
import { cartRoutes } from "./cart";
import { catalogRoutes } from "./catalog";
import { consentRoutes } from "./consent";
import { adminKitchenRoutes, kitchenRoutes } from "./kitchen";
import { orderRoutes } from "./orders";
import { paymentWebhookRoutes } from "./payments-webhook";
import { reviewRoutes } from "./reviews";
import { sandboxRazorpayRoutes } from "./sandbox-razorpay";

/** The documented `/api` paths: thin translations between SPEC §7 shapes and the domain services. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(adminFoodRoutes);
  await app.register(adminOrderRoutes);
  await app.register(orderRoutes);
  await app.register(paymentWebhookRoutes);
  if (app.deps.config.payments.mode === "sandbox") await app.register(sandboxRazorpayRoutes);
  await app.register(cartRoutes);
  await app.register(consentRoutes);
  await app.register(reviewRoutes);
  await app.register(kitchenRoutes);
  await app.register(adminKitchenRoutes);
}
