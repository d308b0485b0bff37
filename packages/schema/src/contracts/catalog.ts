import { z } from "./z";
import { CATEGORIES } from "../catalog";

export const categorySchema = z.enum(CATEGORIES, { message: `Category must be one of: ${CATEGORIES.join(", ")}` });

export const faqEntrySchema = z.object({ question: z.string(), answer: z.string() });

/** Catalogue ids are UUIDs; anything else can never match and is answered as not found. */
export const foodIdSchema = z.uuid({ message: "Food item id is not valid" });

export const slugSchema = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(120, "Slug is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug must be lower-case words joined by hyphens");
