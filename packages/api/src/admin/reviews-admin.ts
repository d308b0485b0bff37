import type { Db } from "@mithai/db/client";
import { foodItems, reviews, users } from "@mithai/db/schema";
import { and, desc, eq, isNotNull, isNull, sql } from "@mithai/db/sql";
import { ADMIN_LIST_PAGE_SIZE, type AdminReviewPage } from "@mithai/schema";
import type { ReviewListInput } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { notFound } from "../errors";
import { cursorInstant, decodeCursor, encodeCursor } from "./orders-admin";

/** Every review, newest first (hidden ones too, marked), 30 a page: the admin's moderation list. */
export async function listReviewsForAdmin(db: Db, input: ReviewListInput): Promise<AdminReviewPage> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  const after = cursor ? sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const shown = input.show === "hidden" ? isNotNull(reviews.hiddenAt) : input.show === "visible" ? isNull(reviews.hiddenAt) : undefined;
  const hider = db.select({ id: users.id, email: users.email }).from(users).as("hider");
  const rows = await db
    .select({
      review: reviews,
      cursorAt: cursorInstant(reviews.createdAt),
      productName: foodItems.name,
      email: users.email,
      hiddenBy: hider.email,
    })
    .from(reviews)
    .innerJoin(foodItems, eq(foodItems.id, reviews.foodItemId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(hider, eq(hider.id, reviews.hiddenBy))
    .where(and(shown, after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_LIST_PAGE_SIZE + 1);
  const more = rows.length > ADMIN_LIST_PAGE_SIZE;
  const page = more ? rows.slice(0, ADMIN_LIST_PAGE_SIZE) : rows;
  const last = page.at(-1);
  return {
    data: page.map(({ review, productName, email, hiddenBy }) => ({
      _id: review.id,
      productId: review.foodItemId,
      productName,
      username: review.username,
      email,
      review: review.review,
      createdAt: review.createdAt.toISOString(),
      hiddenAt: review.hiddenAt?.toISOString() ?? null,
      hiddenBy: review.hiddenAt ? (hiddenBy ?? "a removed admin") : null,
    })),
    nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.review.id }) : null,
  };
}

/** Takes a review off the product page (it stays stored, with who hid it and when); hiding it twice changes nothing. */
export async function hideReview({ db, catalog }: Pick<ApiDeps, "db" | "catalog">, adminId: string, id: string): Promise<{ message: string }> {
  const [row] = await db.select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, id));
  if (!row) throw notFound("Review not found");
  if (!row.hiddenAt) {
    await db.update(reviews).set({ hiddenAt: new Date(), hiddenBy: adminId }).where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)));
    // Its stars leave the item's average.
    await catalog.changed();
  }
  return { message: "The review is hidden from the product page." };
}

/** Shows a hidden review again. */
export async function restoreReview({ db, catalog }: Pick<ApiDeps, "db" | "catalog">, id: string): Promise<{ message: string }> {
  const [row] = await db.update(reviews).set({ hiddenAt: null, hiddenBy: null }).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (!row) throw notFound("Review not found");
  await catalog.changed();
  return { message: "The review shows on the product page again." };
}
