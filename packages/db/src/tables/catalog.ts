import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CATEGORIES, DEFAULT_GST_RATE, DEFAULT_HSN, type FaqEntry, GST_RATES, MAX_PRICE_PAISE, MIN_PRICE_PAISE } from "@mithai/schema";
import type { ItemTranslations } from "@mithai/schema";
import { checkOneOf } from "./one-of";
import { users } from "./customer";

export const foodItems = pgTable(
  "food_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    pricePaise: integer("price_paise").notNull(),
    /** For the GST invoice: the HSN code (sweetmeats by default) and the GST rate in percent included in the price. */
    hsn: text("hsn").notNull().default(DEFAULT_HSN),
    gstRate: integer("gst_rate").notNull().default(DEFAULT_GST_RATE),
    /**
     * Kilograms left to sell (null: not tracked, never runs out). Placing an order takes its quantities off at once
     * (the reservation); a failed, abandoned or expired order gives them back; payment keeps them taken.
     */
    stockKg: integer("stock_kg"),
    image: text("image").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    ingredients: text("ingredients").notNull(),
    benefits: text("benefits").notNull(),
    faq: jsonb("faq").$type<FaqEntry[]>().notNull(),
    /** The item in Hindi and Telugu, field by field (a missing field falls back to the English one). */
    translations: jsonb("translations").$type<ItemTranslations>().notNull().default({}),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    metaKeywords: text("meta_keywords").notNull().default(""),
    googleTagHead: text("google_tag_head").notNull().default(""),
    googleTagBody: text("google_tag_body").notNull().default(""),
    /** Removed items disappear from the storefront and carts; past orders keep their own snapshot. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("food_items_stock_not_negative", sql`${t.stockKg} >= 0`),
    checkOneOf("food_items_gst_rate_known", t.gstRate, GST_RATES),
    check("food_items_hsn_digits", sql`${t.hsn} ~ '^[0-9]{4,8}$'`),
    // Unique among items on sale only: a removed item's slug can be given to a new item.
    uniqueIndex("food_items_slug_active_idx").on(t.slug).where(sql`${t.removedAt} is null`),
    index("food_items_category_idx").on(t.category),
    // Storefront search (catalog/search.ts): trigram matching on name and ingredients, tolerant of spelling.
    index("food_items_search_trgm_idx").using("gin", sql`(lower(${t.name} || ' ' || ${t.ingredients})) gin_trgm_ops`),
    check("food_items_price_range", sql`${t.pricePaise} between ${sql.raw(`${MIN_PRICE_PAISE} and ${MAX_PRICE_PAISE}`)}`),
    checkOneOf("food_items_category_known", t.category, CATEGORIES),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    foodItemId: uuid("food_item_id")
      .notNull()
      .references(() => foodItems.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    review: text("review").notNull(),
    /** Stars, 1 to 5: required for new reviews; reviews written before stars existed have none. */
    rating: smallint("rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin takes the review down (it stays stored, and can be restored); with who did it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("reviews_food_item_created_idx").on(t.foodItemId, t.createdAt),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
