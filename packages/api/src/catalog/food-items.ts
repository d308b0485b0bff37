import { and, asc, eq, isNull } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import type { Category, FoodItem } from "@mithai/schema/catalog";
import { foodIdSchema, slugSchema } from "@mithai/schema/contracts/catalog";
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

const active = isNull(foodItems.removedAt);

/** Everything on sale, in a stable order (category, then name). */
export async function listFoodItems(db: Db): Promise<FoodItem[]> {
  const rows = await db.select().from(foodItems).where(active).orderBy(asc(foodItems.category), asc(foodItems.name));
  return rows.map(toFoodItem);
}

export async function getFoodItemBySlug(db: Db, slug: string): Promise<FoodItem> {
  const parsed = slugSchema.safeParse(slug);
  if (!parsed.success) throw notFound("Food item not found");
  const [row] = await db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.slug, parsed.data), active))
    .limit(1);
  if (!row) throw notFound("Food item not found");
  return toFoodItem(row);
}

export async function getFoodItemById(db: Db, id: string): Promise<FoodItem> {
  // A malformed id can never name an item, so it gets the same answer as an unknown one.
  const parsed = foodIdSchema.safeParse(id);
  if (!parsed.success) throw notFound("Food item not found");
  const [row] = await db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.id, parsed.data), active))
    .limit(1);
  if (!row) throw notFound("Food item not found");
  return toFoodItem(row);
}
