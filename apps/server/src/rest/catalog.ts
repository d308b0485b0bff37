import type { FastifyInstance } from "fastify";
import { getFoodItemById, getFoodItemBySlug, listFoodItems } from "@mithai/api/catalog/food-items";

/** SPEC §7 catalogue reads: `{ success, data }`, items carry `_id`. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get("/api/food/list", async () => ({ success: true, data: await listFoodItems(db) }));

  app.get<{ Params: { slug: string } }>("/api/food/slug/:slug", async (req) => ({
    success: true,
    data: await getFoodItemBySlug(db, req.params.slug),
  }));

  app.get<{ Params: { id: string } }>("/api/food/item/:id", async (req) => ({
    success: true,
    data: await getFoodItemById(db, req.params.id),
  }));
}
