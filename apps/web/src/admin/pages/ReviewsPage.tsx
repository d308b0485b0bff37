import "./admin-pages.css";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "react-toastify";
import type { AdminReview } from "@mithai/schema/admin";
import { serverMessageOf } from "../../lib/errors";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatAdminDateTime } from "../format";
import { useAdminTRPC } from "../trpc";
import { Pager, useCursorPages } from "./Pager";

type Show = "all" | "visible" | "hidden";

/** /admin/reviews: every review, newest first; an abusive one can be hidden from its product page, and restored. */
export function ReviewsPage() {
  useDocumentTitle("Reviews");
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const [show, setShow] = useState<Show>("all");
  const pages = useCursorPages();
  const reviews = useQuery({ ...trpc.admin.reviews.queryOptions({ show, cursor: pages.cursor }), placeholderData: keepPreviousData });
  const settle = { onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.reviews.pathKey() }) };
  const hide = useMutation(trpc.admin.hideReview.mutationOptions(settle));
  const restore = useMutation(trpc.admin.restoreReview.mutationOptions(settle));

  async function act(review: AdminReview) {
    try {
      const answer = review.hiddenAt ? await restore.mutateAsync({ id: review._id }) : await hide.mutateAsync({ id: review._id });
      toast.success(answer.message);
    } catch (cause) {
      toast.error(serverMessageOf(cause) ?? "Could not change the review");
    }
  }

  const page = reviews.data;
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
      {reviews.isPending ? (
        <p aria-busy="true">Loading reviews...</p>
      ) : reviews.isError ? (
        <p role="alert">Could not load the reviews. Please try again.</p>
      ) : page && page.data.length > 0 ? (
        <>
          <ul className="customer-list">
            {page.data.map((review) => (
              <li key={review._id}>
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
              </li>
            ))}
          </ul>
          {(pages.index > 0 || page.nextCursor) && <Pager label="Review pages" pages={pages} nextCursor={page.nextCursor} />}
        </>
      ) : (
        <p>No reviews here.</p>
      )}
    </section>
  );
}
