import "./admin-pages.css";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "react-toastify";
import type { AdminReview } from "@mithai/schema";
import { serverMessageOf } from "../../lib/errors";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatAdminDateTime } from "../format";
import { adminTrpc } from "../trpc";
import { PagedList, useCursorPages } from "./Pager";

type Show = "all" | "visible" | "hidden";

/** /admin/reviews: every review, newest first; an abusive one can be hidden from its product page, and restored. */
export function ReviewsPage() {
  useDocumentTitle("Reviews");
  const utils = adminTrpc.useUtils();
  const [show, setShow] = useState<Show>("all");
  const pages = useCursorPages();
  const reviews = adminTrpc.admin.reviews.useQuery({ show, cursor: pages.cursor }, { placeholderData: keepPreviousData });
  const settle = { onSettled: () => utils.admin.reviews.invalidate() };
  const hide = adminTrpc.admin.hideReview.useMutation(settle);
  const restore = adminTrpc.admin.restoreReview.useMutation(settle);

  async function act(review: AdminReview) {
    try {
      const answer = review.hiddenAt ? await restore.mutateAsync({ id: review._id }) : await hide.mutateAsync({ id: review._id });
      toast.success(answer.message);
    } catch (cause) {
      toast.error(serverMessageOf(cause) ?? "Could not change the review");
    }
  }

  return (
    <section className="admin-page">
      <div className="page-head">
        <h1>Reviews</h1>
        <label>
          Show{" "}
          <select
            value={show}
            onChange={(event) => {
              setShow(event.target.value as Show);
              pages.reset();
            }}
          >
            <option value="all">All reviews</option>
            <option value="visible">Showing on the shop</option>
            <option value="hidden">Hidden</option>
          </select>
        </label>
      </div>
      <PagedList query={reviews} pages={pages} noun="reviews" pagerLabel="Review pages" emptyText="No reviews here.">
        {(review) => (
          <article className={`customer-card${review.hiddenAt ? " is-hidden" : ""}`} aria-label={`Review by ${review.username} of ${review.productName}`}>
            <header>
              <strong>{review.productName}</strong> · {review.username}
              {review.email ? ` (${review.email})` : ""} · {formatAdminDateTime(new Date(review.createdAt))}
            </header>
            <p className="review-text">{review.review}</p>
            {review.hiddenAt && (
              <p className="muted">
                Hidden by {review.hiddenBy} on {formatAdminDateTime(new Date(review.hiddenAt))}
              </p>
            )}
            <button type="button" className={`btn-small${review.hiddenAt ? "" : " danger"}`} disabled={hide.isPending || restore.isPending} onClick={() => void act(review)}>
              {review.hiddenAt ? "Restore" : "Hide"}
            </button>
          </article>
        )}
      </PagedList>
    </section>
  );
}
