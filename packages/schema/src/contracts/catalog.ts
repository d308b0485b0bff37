import { z } from "./z";
import { CATEGORIES, SEARCH_QUERY_MAX, type ItemRating } from "../catalog";
import { languageSchema, type ItemTranslation } from "../languages";

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

/**
 * What procedures answer, as `.output()` contracts: the typed client's types are these, and a service that answers
 * anything else fails loudly (a 500 in the tests) instead of sending it. Money is rupees as numbers, as everywhere.
 */

const rupees = z.number();

/**
 * A food item as every API shows it (SPEC §3); price in rupees per kg. Asked in Hindi or Telugu (`lang`), the text
 * fields are the translation where the admin gave one and the English otherwise, under the same field names.
 */
export const foodItemSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupees,
  image: z.string(),
  category: z.enum(CATEGORIES),
  ingredients: z.string(),
  benefits: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  googleTagHead: z.string(),
  googleTagBody: z.string(),
  /** For the GST invoice: the HSN code and the GST rate (percent) included in the price. */
  hsn: z.string(),
  gstRate: z.number(),
  /** Kilograms left to sell (null: not tracked) and whether none is left (DECISIONS "The kitchen's rules"). */
  stockKg: z.number().int().nullable(),
  soldOut: z.boolean(),
  /** Stars from the shown reviews that carry them: the average to one decimal (null without any) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }) satisfies z.ZodType<ItemRating>,
});
export type FoodItem = z.infer<typeof foodItemSchema>;

const translationAnswerSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  ingredients: z.string().optional(),
  healthBenefits: z.string().optional(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
}) satisfies z.ZodType<ItemTranslation>;

/** An item as the admin's answers show it: in English, with its Hindi and Telugu fields (DECISIONS, "Languages"). */
export const adminFoodItemSchema = foodItemSchema.extend({
  translations: z.object({ hi: translationAnswerSchema.optional(), te: translationAnswerSchema.optional() }),
});
export type AdminFoodItem = z.infer<typeof adminFoodItemSchema>;

/** REST answers (SPEC §7): `GET /api/food/list` and `/api/food/search`. */
export const foodListAnswerSchema = z.object({ success: z.literal(true), data: z.array(foodItemSchema) });
/** `GET /api/food/slug/{slug}`, `/api/food/item/{id}`, and an admin's add or edit (with its message). */
export const foodItemAnswerSchema = z.object({ success: z.literal(true), data: foodItemSchema });
