import { z } from "./z";
import { CATEGORIES } from "../catalog";

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

/**
 * The storefront's lookups (`catalog.bySlug`, `catalog.byId`): any short text, so a wrong or old link answers 404
 * "not found" rather than a validation error.
 */
export const catalogSlugInputSchema = z.object({
  slug: z.string({ message: "slug: the sweet's slug is required" }).max(200, "slug: at most 200 characters"),
});
export const catalogIdInputSchema = z.object({
  id: z.string({ message: "id: the sweet's id is required" }).max(100, "id: at most 100 characters"),
});
