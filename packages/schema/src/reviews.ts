/** Review facts shared by server and browser (no zod here). */
export const MAX_REVIEW_LENGTH = 2000;
export const EMPTY_REVIEW_MESSAGE = "Please enter your review";

/** A review as the APIs show it (SPEC §3); createdAt is an ISO time. */
export interface Review {
  _id: string;
  productId: string;
  username: string;
  review: string;
  createdAt: string;
}
