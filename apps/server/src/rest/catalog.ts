import type { FastifyInstance, FastifyReply } from "fastify";
import { findById, findBySlug, searchCatalog, type CatalogView } from "@mithai/api";
import type { FoodItem } from "@mithai/schema";
import { catalogLangInputSchema, catalogSearchInputSchema, DEFAULT_LANGUAGE, foodItemAnswerSchema, foodListAnswerSchema, z } from "@mithai/schema";
import { contract } from "./contract";
import { parseInput } from "./request";

export const REST_CATALOG_LIST_URL = "/api/food/list";

/** SPEC §7's list answer; also made once per catalogue version by plugins/catalog-answers.ts. */
export const catalogListAnswer = (items: FoodItem[]) => ({ success: true as const, data: items });

export const catalogListContract = contract({ summary: "Every sweet on the menu", tag: "Catalogue", querystring: catalogLangInputSchema, answer: foodListAnswerSchema });
const searchContract = contract({ summary: "Sweets matching a search", tag: "Catalogue", querystring: catalogSearchInputSchema, answer: foodListAnswerSchema });
const bySlugContract = contract({
  summary: "One sweet by its slug",
  tag: "Catalogue",
  params: z.object({ slug: z.string() }),
  querystring: catalogLangInputSchema,
  answer: foodItemAnswerSchema,
  refusals: ["NOT_FOUND"],
});
const byIdContract = contract({
  summary: "One sweet by its id",
  tag: "Catalogue",
  params: z.object({ id: z.string() }),
  querystring: catalogLangInputSchema,
  answer: foodItemAnswerSchema,
  refusals: ["NOT_FOUND"],
});

/**
 * SPEC §7 catalogue reads: `{ success, data }`, items carry `_id`. Served from the catalogue cache, in `?lang=`
 * (English when left out; another value is 400).
 */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.deps;
  const viewFor = async (query: unknown) => (await catalog.snapshot()).languages[parseInput(catalogLangInputSchema, query).lang ?? DEFAULT_LANGUAGE];

  // Plain GETs are answered by plugins/catalog-answers.ts, pre-compressed and with an ETag.
  app.get(REST_CATALOG_LIST_URL, { schema: catalogListContract }, async (req) => catalogListAnswer((await viewFor(req.query)).items));

  // Registered before /api/food/:… lookups; q of 1–80 characters, else 400 VALIDATION.
  app.get("/api/food/search", { schema: searchContract }, async (req) => {
    const input = parseInput(catalogSearchInputSchema, req.query);
    return { success: true, data: await searchCatalog(app.deps.db, (await catalog.snapshot()).languages[input.lang ?? DEFAULT_LANGUAGE], input.q) };
  });

  app.get<{ Params: { slug: string } }>("/api/food/slug/:slug", { schema: bySlugContract }, async (req, reply) => {
    const view = await viewFor(req.query);
    return sendItemAnswer(reply, view, `slug:${req.params.slug}`, () => findBySlug(view, req.params.slug));
  });

  app.get<{ Params: { id: string } }>("/api/food/item/:id", { schema: byIdContract }, async (req, reply) => {
    const view = await viewFor(req.query);
    return sendItemAnswer(reply, view, `id:${req.params.id}`, () => findById(view, req.params.id));
  });
}

/**
 * One sweet's answer, serialised through its route's schema once per catalogue version and language (a view is
 * replaced whole when the catalogue changes, so its answers go with it) and sent as that JSON afterwards: the
 * schema's check costs more than the lookup. Only found sweets are kept (a miss throws NOT_FOUND before), so the
 * answers kept are at most the menu's size per language.
 */
type Serialized = ReturnType<FastifyReply["serialize"]>;
const itemAnswers = new WeakMap<CatalogView, Map<string, Serialized>>();

function sendItemAnswer(reply: FastifyReply, view: CatalogView, key: string, find: () => FoodItem): FastifyReply {
  let answers = itemAnswers.get(view);
  if (!answers) itemAnswers.set(view, (answers = new Map<string, Serialized>()));
  let json = answers.get(key);
  if (json === undefined) answers.set(key, (json = reply.serialize({ success: true, data: find() })));
  return reply.type("application/json; charset=utf-8").send(json);
}
