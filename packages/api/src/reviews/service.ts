import type { Db } from "@mithai/db/client";
import { reviews, users } from "@mithai/db/schema";
import { and, desc, eq, isNull } from "@mithai/db/sql";
import type { Review } from "@mithai/schema/reviews";
import { onSaleItemId } from "../catalog/food-items";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";

type ReviewRow = typeof reviews.$inferSelect;

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.foodItemId,
    username: row.username,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product's reviews, newest first; reviews an admin has hidden stay out. */
export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  const foodItemId = await onSaleItemId(db, productId);
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.foodItemId, foodItemId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReview);
}

/**
 * Posts a review under the customer's account name. The text is stored exactly as written (trimmed);
 * the storefront shows it as text, never as HTML.
 */
export async function createReview(
  { db, limits }: Pick<ApiDeps, "db" | "limits">,
  userId: string,
  input: { productId: string; review: string },
): Promise<Review> {
  const foodItemId = await onSaleItemId(db, input.productId);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please log in again");
  // A customer may post a few reviews in a row, not a flood.
  await limits.reviewsPerCustomer.consume(userId);
  const [row] = await db.insert(reviews).values({ foodItemId, userId, username: user.name, review: input.review }).returning();
  return toReview(row!);
}
