import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts";
import { cartRoutes } from "./cart";
import { catalogRoutes } from "./catalog";
import { consentRoutes } from "./consent";
import { reviewRoutes } from "./reviews";

/** The documented `/api` paths: thin translations between SPEC §7 shapes and the domain services. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(cartRoutes);
  await app.register(consentRoutes);
  await app.register(reviewRoutes);
}
