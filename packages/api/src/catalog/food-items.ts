import type { Db } from "@mithai/db/client";
import { and, asc, avg, count, eq, inArray, isNotNull, isNull } from "@mithai/db/sql";
import { foodItems, reviews } from "@mithai/db/schema";
import { type AdminFoodItem, foodIdSchema, type FoodItem, type ItemRating, NO_RATING, paiseToRupees } from "@mithai/schema";
import { notFound } from "../errors";

type FoodItemRow = typeof foodItems.$inferSelect;

export function toFoodItem(row: FoodItemRow, rating: ItemRating = NO_RATING): FoodItem {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    image: row.image,
    category: row.category,
    ingredients: row.ingredients,
    benefits: row.benefits,
    faq: row.faq,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    googleTagHead: row.googleTagHead,
    googleTagBody: row.googleTagBody,
    hsn: row.hsn,
    gstRate: row.gstRate,
    stockKg: row.stockKg,
    soldOut: row.stockKg !== null && row.stockKg <= 0,
    rating,
  };
}

/** An item with its Hindi and Telugu fields, as the admin's answers show it. */
export function toAdminFoodItem(row: FoodItemRow, rating: ItemRating = NO_RATING): AdminFoodItem {
  return { ...toFoodItem(row, rating), translations: row.translations };
}

/** Everything on sale (removed items excluded) with its translations, in a stable order: category, then name. */
export async function listFoodItems(db: Db): Promise<AdminFoodItem[]> {
  const [rows, ratings] = await Promise.all([
    db.select().from(foodItems).where(isNull(foodItems.removedAt)).orderBy(asc(foodItems.category), asc(foodItems.name)),
    ratingsOf(db),
  ]);
  return rows.map((row) => toAdminFoodItem(row, ratings.get(row.id)));
}

/**
 * Each item's stars (of all items, or of `ids`): reviews shown on the product page that carry a rating; the average
 * rounded to one decimal. Items without any are missing from the map.
 */
export async function ratingsOf(db: Db, ids?: string[]): Promise<Map<string, ItemRating>> {
  const rows = await db
    .select({ id: reviews.foodItemId, average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(and(isNull(reviews.hiddenAt), isNotNull(reviews.rating), ids ? inArray(reviews.foodItemId, ids) : undefined))
    .groupBy(reviews.foodItemId);
  return new Map(rows.map((row) => [row.id, { average: Math.round(Number(row.average) * 10) / 10, count: row.count }]));
}

/**
 * The id of an item on sale, read from the database (not the cache) so a write in the same transaction
 * relies on it; a malformed id can never name an item and gets the same answer as an unknown one.
 */
export async function onSaleItemId(db: Db, id: string): Promise<string> {
  const parsed = foodIdSchema.safeParse(id);
  if (!parsed.success) throw notFound("Food item not found");
  const [item] = await db
    .select({ id: foodItems.id })
    .from(foodItems)
    .where(and(eq(foodItems.id, parsed.data), isNull(foodItems.removedAt)));
  if (!item) throw notFound("Food item not found");
  return item.id;
}
