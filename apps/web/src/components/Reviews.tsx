import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { MAX_REVIEW_LENGTH, type Review } from "@mithai/schema";
import { formatDate } from "../lib/format";
import { errorCodeOf, serverMessageOf } from "../lib/errors";
import { openLoginPopup } from "../lib/login-popup";
import { setRedirectAfterLogin } from "../lib/redirect-after-login";
import { getCustomerToken } from "../lib/session";
import { trpc } from "../lib/trpc";
import { StarPicker, StarRow } from "./Stars";

/**
 * The Reviews tab: newest first, a page at a time ("Show more reviews"), each shown as plain text (React escapes it)
 * and marked "Verified purchase" when its author bought the sweet; and the form to write one.
 */
export function Reviews({ productId, reviews, more }: { productId: string; reviews: Review[] | undefined; more?: { loading: boolean; load: () => void } }) {
  const { t } = useLingui();
  return (
    <div className="reviews">
      <ReviewForm productId={productId} />
      {!reviews ? (
        <p aria-busy="true">
          <Trans>Loading reviews...</Trans>
        </p>
      ) : reviews.length === 0 ? (
        <p className="muted">
          <Trans>No reviews yet. Be the first to write one!</Trans>
        </p>
      ) : (
        <>
          <ul className="review-list">
            {reviews.map((review) => (
              <li key={review._id} className="review">
                <p className="review-meta">
                  <strong>{review.username}</strong> <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  {review.verifiedPurchase && <span className="review-verified">
                      <Trans>Verified purchase</Trans>
                    </span>}
                </p>
                {review.rating !== null && <StarRow value={review.rating} label={t`${review.rating} out of 5 stars`} />}
                <p className="review-text">{review.review}</p>
              </li>
            ))}
          </ul>
          {more && (
            <button type="button" className="button button-secondary" disabled={more.loading} onClick={more.load}>
              {more.loading ? t`Loading...` : t`Show more reviews`}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.reviews.create.useMutation();
  const [text, setText] = useState("");
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await create.mutateAsync({ productId, review: text, rating: rating! });
      setText("");
      setRating(null);
      // The sweet's average and count change with it.
      await Promise.all([utils.reviews.list.invalidate(), utils.catalog.invalidate()]);
    } catch (failure) {
      if (errorCodeOf(failure) === "UNAUTHENTICATED") askToLogIn();
      const reason = serverMessageOf(failure);
      setError(reason ? t`Failed to submit review: ${reason}` : t`Failed to submit review`);
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError("");
    if (!text.trim()) {
      setError(t`Please enter your review`);
      return;
    }
    if (rating === null) {
      setError(t`Please choose 1 to 5 stars`);
      return;
    }
    if (!getCustomerToken()) {
      askToLogIn();
      return;
    }
    void send();
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <StarPicker value={rating} onChange={setRating} describedBy={error ? "review-error" : undefined} />
      <label htmlFor="review-text"><Trans>Write a review</Trans></label>
      <textarea
        id="review-text"
        value={text}
        maxLength={MAX_REVIEW_LENGTH}
        rows={4}
        placeholder={t`How did you like it?`}
        aria-describedby={error ? "review-error" : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id="review-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? t`Submitting...` : t`Submit Review`}
      </button>
    </form>
  );
}

/** Opens the login popup and brings the customer back to this page, their text still in the form. */
function askToLogIn(): void {
  setRedirectAfterLogin(window.location.pathname);
  openLoginPopup("Login");
}
