import type { Db } from "@mithai/db/client";
import { orders, reviews, users } from "@mithai/db/schema";
import { and, count, desc, eq, isNull, sql, type SQL } from "@mithai/db/sql";
import type { OrderStatus, PaymentStatus } from "@mithai/schema";
import { type Review, type ReviewPage, REVIEWS_PAGE_SIZE } from "@mithai/schema";
import { cursorInstant, decodeCursor, encodeCursor } from "../admin/orders-admin";
import { onSaleItemId } from "../catalog/food-items";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";

const CANCELLED: OrderStatus = "Cancelled";
const PAID: PaymentStatus = "paid";

// Written with table-qualified names: drizzle leaves columns unqualified inside a raw subquery, where "user_id"
// would mean the order's on both sides.
const column = (table: typeof orders | typeof reviews, name: string) => sql`${table}.${sql.identifier(name)}`;

/**
 * Whether the review's author bought the sweet: a paid order of theirs, not cancelled, with it among the lines.
 * Read with the review (the orders-by-customer index finds their few orders), so a purchase made after writing
 * the review counts too.
 */
const verifiedPurchase = sql<boolean>`exists (
  select 1 from ${orders}
  where ${column(orders, "user_id")} = ${column(reviews, "user_id")}
    and ${column(orders, "payment_status")} = ${PAID}
    and ${column(orders, "status")} <> ${CANCELLED}
    and ${column(orders, "items")} @> jsonb_build_array(jsonb_build_object('foodItemId', ${column(reviews, "food_item_id")}::text))
)`;

const reviewColumns = {
  _id: reviews.id,
  productId: reviews.foodItemId,
  username: reviews.username,
  review: reviews.review,
  createdAt: reviews.createdAt,
  cursorAt: cursorInstant(reviews.createdAt),
  verifiedPurchase,
  rating: reviews.rating,
};

function toReview({ createdAt, cursorAt: _cursorAt, ...row }: { createdAt: Date; cursorAt: string } & Omit<Review, "createdAt">): Review {
  return { ...row, createdAt: createdAt.toISOString() };
}

/** A product's reviews, newest first (the REST list, SPEC §7); reviews an admin has hidden stay out. */
export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  const foodItemId = await onSaleItemId(db, productId);
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(shownFor(foodItemId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReview);
}

/** One page of a product's reviews (REVIEWS_PAGE_SIZE, newest first) and how many there are: the product page's list. */
export async function listReviewPage(db: Db, input: { productId: string; cursor?: string | null }): Promise<ReviewPage> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  const foodItemId = await onSaleItemId(db, input.productId);
  const after = cursor ? sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .where(and(shownFor(foodItemId), after))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE + 1),
    db.select({ total: count() }).from(reviews).where(shownFor(foodItemId)),
  ]);
  const more = rows.length > REVIEWS_PAGE_SIZE;
  const page = more ? rows.slice(0, REVIEWS_PAGE_SIZE) : rows;
  const last = page.at(-1);
  return { reviews: page.map(toReview), nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last._id }) : null, total: counted?.total ?? 0 };
}

function shownFor(foodItemId: string): SQL | undefined {
  return and(eq(reviews.foodItemId, foodItemId), isNull(reviews.hiddenAt));
}

/**
 * Posts a review under the customer's account name. The text is stored exactly as written (trimmed);
 * the storefront shows it as text, never as HTML.
 */
export async function createReview(
  { db, limits, catalog }: Pick<ApiDeps, "db" | "limits" | "catalog">,
  userId: string,
  input: { productId: string; review: string; rating: number },
): Promise<Review> {
  const foodItemId = await onSaleItemId(db, input.productId);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in again");
  // A customer may post a few reviews in a row, not a flood.
  await limits.reviewsPerCustomer.consume(userId);
  const [row] = await db
    .insert(reviews)
    .values({ foodItemId, userId, username: user.name, review: input.review, rating: input.rating })
    .returning({ id: reviews.id });
  // The item's stars are part of the catalogue's answers.
  await catalog.changed();
  const [created] = await db.select(reviewColumns).from(reviews).where(eq(reviews.id, row!.id));
  return toReview(created!);
}
