import type { FastifyInstance } from "fastify";
import { findById, findBySlug } from "@mithai/api/catalog/cache";
import { sendPreparedJson } from "../plugins/compression";

/** SPEC §7 catalogue reads: `{ success, data }`, items carry `_id`. Served from the catalogue cache. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.deps;

  // The list is the storefront's hottest answer: pre-serialised and pre-compressed, with an ETag for 304s.
  // It negotiates its own encoding, so @fastify/compress's per-request hooks are left off this route.
  app.get("/api/food/list", { config: { compress: false, decompress: false } }, async (req, reply) =>
    sendPreparedJson(req, reply, (await catalog.snapshot()).listResponse),
  );

  app.get<{ Params: { slug: string } }>("/api/food/slug/:slug", async (req) => ({
    success: true,
    data: findBySlug(await catalog.snapshot(), req.params.slug),
  }));

  app.get<{ Params: { id: string } }>("/api/food/item/:id", async (req) => ({
    success: true,
    data: findById(await catalog.snapshot(), req.params.id),
  }));
}
