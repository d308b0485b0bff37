import { z } from "./z";
import { foodItemSchema } from "./answers";
import { CATEGORIES, SEARCH_QUERY_MAX } from "../catalog";
import { languageSchema } from "../languages";

export const categorySchema = z.enum(CATEGORIES, { message: `Category must be one of: ${CATEGORIES.join(", ")}` });

export const faqEntrySchema = z.object({ question: z.string(), answer: z.string() });

/** Catalogue ids are UUIDs; anything else can never match and is answered as not found. */
export const foodIdSchema = z.uuid({ message: "Food item id is not valid" });

/** The longest slug the storefront looks up; a taken slug numbered past it is refused (admin/slugs.ts). */
export const SLUG_MAX_LENGTH = 120;

export const slugSchema = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(SLUG_MAX_LENGTH, "Slug is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug must be lower-case words joined by hyphens");

/** The language a catalogue answer is in (`?lang=` on REST, `lang` in tRPC input): English when left out. */
export const catalogLangInputSchema = z.object({ lang: languageSchema.optional() });

/** `catalog.list`: no input at all, or `{ lang }`. */
export const catalogListInputSchema = catalogLangInputSchema.optional();

/**
 * The storefront's lookups (`catalog.bySlug`, `catalog.byId`): any short text, so a wrong or old link answers 404
 * "not found" rather than a validation error.
 */
export const catalogSlugInputSchema = catalogLangInputSchema.extend({
  slug: z.string({ message: "slug: the sweet's slug is required" }).max(200, "slug: at most 200 characters"),
});
export const catalogIdInputSchema = catalogLangInputSchema.extend({
  id: z.string({ message: "id: the sweet's id is required" }).max(100, "id: at most 100 characters"),
});


/**
 * Storefront search (`GET /api/food/search?q=&lang=`, tRPC `catalog.search`): 1–80 characters, by name (English, Hindi
 * or Telugu) and ingredient; the items answer in `lang`.
 */
export const catalogSearchInputSchema = catalogLangInputSchema.extend({
  q: z
    .string({ message: "q: type what to search for" })
    .trim()
    .min(1, "q: type what to search for")
    .max(SEARCH_QUERY_MAX, `q: at most ${SEARCH_QUERY_MAX} characters`),
});

/** REST answers (SPEC §7): `GET /api/food/list` and `/api/food/search`. */
export const foodListAnswerSchema = z.object({ success: z.literal(true), data: z.array(foodItemSchema) });
/** `GET /api/food/slug/{slug}`, `/api/food/item/{id}`, and an admin's add or edit (with its message). */
export const foodItemAnswerSchema = z.object({ success: z.literal(true), data: foodItemSchema });
