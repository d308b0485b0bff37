/** Review facts shared by server and browser (no zod here). */
export const MAX_REVIEW_LENGTH = 2000;
export const EMPTY_REVIEW_MESSAGE = "Please enter your review";
export const RATING_MESSAGE = "Please choose 1 to 5 stars";

/** Reviews per page on the product page (tRPC `reviews.list`); "Show more reviews" asks for the next. */
export const REVIEWS_PAGE_SIZE = 10;

/** A review as the APIs show it (SPEC §3); createdAt is an ISO time. */
export interface Review {
  _id: string;
  productId: string;
  username: string;
  review: string;
  createdAt: string;
  /** Its author has a paid (not cancelled) order with this sweet: shown as "Verified purchase". */
  verifiedPurchase: boolean;
  /** Stars, 1–5 (required for new reviews); null for a review written before stars existed. */
  rating: number | null;
}

/** One page of a sweet's reviews, newest first, with how many it has in all. */
export interface ReviewPage {
  reviews: Review[];
  nextCursor: string | null;
  total: number;
}
