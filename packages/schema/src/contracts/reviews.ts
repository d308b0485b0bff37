import { z } from "./z";
import { EMPTY_REVIEW_MESSAGE, MAX_REVIEW_LENGTH, RATING_MESSAGE, type Review, type ReviewPage } from "../reviews";

export const reviewTextSchema = z
  .string({ message: EMPTY_REVIEW_MESSAGE })
  .trim()
  .min(1, EMPTY_REVIEW_MESSAGE)
  .max(MAX_REVIEW_LENGTH, `A review can be at most ${MAX_REVIEW_LENGTH} characters`);

export const productIdSchema = z.string({ message: "Product id is required" }).max(100, "Food item not found");

/** Stars: a whole number from 1 to 5, required for every new review. */
export const ratingSchema = z.number({ message: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE);

export const createReviewSchema = z.object({ productId: productIdSchema, review: reviewTextSchema, rating: ratingSchema });

export const reviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  username: z.string(),
  review: z.string(),
  createdAt: z.string(),
  verifiedPurchase: z.boolean(),
  rating: z.number().nullable(),
}) satisfies z.ZodType<Review>;

/** A page of a sweet's reviews: the first without `cursor`, then each page's `nextCursor`. */
export const reviewPageInputSchema = z.object({
  productId: productIdSchema,
  cursor: z
    .string({ message: "cursor: pass back the nextCursor of the previous page" })
    .max(200, "cursor: pass back the nextCursor of the previous page")
    .nullish(),
});

export const reviewPageSchema = z.object({ reviews: z.array(reviewSchema), nextCursor: z.string().nullable(), total: z.number() }) satisfies z.ZodType<ReviewPage>;
