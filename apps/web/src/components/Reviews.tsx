import { useState, type FormEvent } from "react";
import { EMPTY_REVIEW_MESSAGE, MAX_REVIEW_LENGTH, type Review } from "@mithai/schema/reviews";
import { errorCodeOf, serverMessageOf } from "../lib/errors";
import { openLoginPopup } from "../lib/login-popup";
import { setRedirectAfterLogin } from "../lib/redirect-after-login";
import { getCustomerToken } from "../lib/session";
import { trpc } from "../lib/trpc";

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium" });

/**
 * The Reviews tab: newest first, a page at a time ("Show more reviews"), each shown as plain text (React escapes it)
 * and marked "Verified purchase" when its author bought the sweet; and the form to write one.
 */
export function Reviews({ productId, reviews, more }: { productId: string; reviews: Review[] | undefined; more?: { loading: boolean; load: () => void } }) {
  return (
    <div className="reviews">
      <ReviewForm productId={productId} />
      {!reviews ? (
        <p aria-busy="true">Loading reviews...</p>
      ) : reviews.length === 0 ? (
        <p className="muted">No reviews yet. Be the first to write one!</p>
      ) : (
        <>
          <ul className="review-list">
            {reviews.map((review) => (
              <li key={review._id} className="review">
                <p className="review-meta">
                  <strong>{review.username}</strong> <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
                  {review.verifiedPurchase && <span className="review-verified">Verified purchase</span>}
                </p>
                <p className="review-text">{review.review}</p>
              </li>
            ))}
          </ul>
          {more && (
            <button type="button" className="button button-secondary" disabled={more.loading} onClick={more.load}>
              {more.loading ? "Loading..." : "Show more reviews"}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const utils = trpc.useUtils();
  const create = trpc.reviews.create.useMutation();
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await create.mutateAsync({ productId, review: text });
      setText("");
      await utils.reviews.list.invalidate();
    } catch (failure) {
      if (errorCodeOf(failure) === "UNAUTHORIZED") askToLogIn();
      const reason = serverMessageOf(failure);
      setError(reason ? `Failed to submit review: ${reason}` : "Failed to submit review");
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError("");
    if (!text.trim()) {
      setError(EMPTY_REVIEW_MESSAGE);
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
      <label htmlFor="review-text">Write a review</label>
      <textarea
        id="review-text"
        value={text}
        maxLength={MAX_REVIEW_LENGTH}
        rows={4}
        placeholder="How did you like it?"
        aria-describedby={error ? "review-error" : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id="review-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? "Submitting..." : "Submit Review"}
      </button>
    </form>
  );
}

/** Opens the login popup and brings the customer back to this page, their text still in the form. */
function askToLogIn(): void {
  setRedirectAfterLogin(window.location.pathname);
  openLoginPopup("Login");
}
