import type { Db } from "@mithai/db/client";
import { and, asc, eq, isNull } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import type { FoodItem } from "@mithai/schema/catalog";
import { foodIdSchema } from "@mithai/schema/contracts/catalog";
import { paiseToRupees } from "@mithai/schema/money";
import { notFound } from "../errors";

type FoodItemRow = typeof foodItems.$inferSelect;

export function toFoodItem(row: FoodItemRow): FoodItem {
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
  };
}

/** Everything on sale (removed items excluded), in a stable order: category, then name. */
export async function listFoodItems(db: Db): Promise<FoodItem[]> {
  const rows = await db.select().from(foodItems).where(isNull(foodItems.removedAt)).orderBy(asc(foodItems.category), asc(foodItems.name));
  return rows.map(toFoodItem);
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
