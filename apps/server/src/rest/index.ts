import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { accountRoutes } from "./accounts";
import { adminFoodRoutes } from "./admin-food";
import { adminHealthRoutes } from "./admin-health";
import { adminOrderRoutes } from "./admin-orders";
import { adminOwnerRoutes } from "./admin-owner";
import { cartRoutes } from "./cart";
import { catalogRoutes } from "./catalog";
import { consentRoutes } from "./consent";
import { adminKitchenRoutes, kitchenRoutes } from "./kitchen";
import { orderRoutes } from "./orders";
import { paymentWebhookRoutes } from "./payments-webhook";
import { reviewRoutes } from "./reviews";
import { sandboxRazorpayRoutes } from "./sandbox-razorpay";
import { sandboxWhatsappRoutes } from "./sandbox-whatsapp";

/**
 * The documented `/api` paths: thin translations between SPEC §7 shapes and the domain services. Each route declares
 * its contract (contract.ts), which mithai-openapi must be registered before to collect.
 */
export const restPlugin = fastifyPlugin(registerRest, { name: "mithai-rest", dependencies: ["mithai-openapi"], encapsulate: true });

async function registerRest(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(adminFoodRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminHealthRoutes);
  await app.register(orderRoutes);
  await app.register(paymentWebhookRoutes);
  if (app.deps.config.payments.mode === "sandbox") await app.register(sandboxRazorpayRoutes);
  await app.register(sandboxWhatsappRoutes);
  await app.register(cartRoutes);
  await app.register(consentRoutes);
  await app.register(reviewRoutes);
  await app.register(kitchenRoutes);
  await app.register(adminKitchenRoutes);
  await app.register(adminOwnerRoutes);
}
