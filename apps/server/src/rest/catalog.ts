import type { FastifyInstance } from "fastify";
import { findById, findBySlug } from "@mithai/api/catalog/cache";
import type { FoodItem } from "@mithai/schema/catalog";

export const REST_CATALOG_LIST_URL = "/api/food/list";

/** SPEC §7's list answer; also made once per catalogue version by plugins/catalog-answers.ts. */
export const catalogListAnswer = (items: FoodItem[]) => ({ success: true, data: items });

/** SPEC §7 catalogue reads: `{ success, data }`, items carry `_id`. Served from the catalogue cache. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.deps;

  // Plain GETs are answered by plugins/catalog-answers.ts, pre-compressed and with an ETag.
  app.get(REST_CATALOG_LIST_URL, async () => catalogListAnswer((await catalog.snapshot()).items));

  app.get<{ Params: { slug: string } }>("/api/food/slug/:slug", async (req) => ({
    success: true,
    data: findBySlug(await catalog.snapshot(), req.params.slug),
  }));

  app.get<{ Params: { id: string } }>("/api/food/item/:id", async (req) => ({
    success: true,
    data: findById(await catalog.snapshot(), req.params.id),
  }));
}
