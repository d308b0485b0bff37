import type { Db } from "@mithai/db/client";
import { asc, isNull } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import type { Category, FoodItem } from "@mithai/schema/catalog";
import { paiseToRupees } from "@mithai/schema/money";

type FoodItemRow = typeof foodItems.$inferSelect;

export function toFoodItem(row: FoodItemRow): FoodItem {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    image: row.image,
    category: row.category as Category,
    ingredients: row.ingredients,
    benefits: row.benefits,
    faq: row.faq,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    googleTagHead: row.googleTagHead,
    googleTagBody: row.googleTagBody,
  };
}

/** Everything on sale (removed items excluded), in a stable order: category, then name. */
export async function listFoodItems(db: Db): Promise<FoodItem[]> {
  const rows = await db.select().from(foodItems).where(isNull(foodItems.removedAt)).orderBy(asc(foodItems.category), asc(foodItems.name));
  return rows.map(toFoodItem);
}
