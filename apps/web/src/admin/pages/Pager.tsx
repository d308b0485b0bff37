import { useState, type ReactNode } from "react";

/**
 * Keyset pages of an admin list: the cursors of the pages walked so far, the first page's being "". `cursor` is the
 * current page's (undefined on the first page), `index` its place (0 first).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([""]);
  return {
    cursor: cursors.at(-1) || undefined,
    index: cursors.length - 1,
    reset: () => setCursors([""]),
    newer: () => setCursors((walked) => walked.slice(0, -1)),
    older: (next: string) => setCursors((walked) => [...walked, next]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** Newer / Older buttons for a list paged by `useCursorPages`. */
export function Pager({ label, pages, nextCursor }: { label: string; pages: CursorPages; nextCursor: string | null }) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn-small" disabled={pages.index === 0} onClick={pages.newer}>
        Newer
      </button>
      <button type="button" className="btn-small" disabled={!nextCursor} onClick={() => nextCursor && pages.older(nextCursor)}>
        Older
      </button>
    </nav>
  );
}

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** An admin list paged by `useCursorPages`: loading, failure and empty states, else its rows and the pager when there is more than one page. */
export function PagedList<T extends { _id: string }>({
  query,
  pages,
  noun,
  pagerLabel,
  emptyText,
  children: renderRow,
}: {
  query: { isPending: boolean; isError: boolean; data: Page<T> | undefined };
  pages: CursorPages;
  /** Plural, as in "Loading customers...". */
  noun: string;
  pagerLabel: string;
  emptyText: string;
  children: (row: T) => ReactNode;
}) {
  const page = query.data;
  if (query.isPending) return <p aria-busy="true">Loading {noun}...</p>;
  if (query.isError) return <p role="alert">Could not load the {noun}. Please try again.</p>;
  if (!page || page.data.length === 0) return <p>{emptyText}</p>;
  return (
    <>
      <ul className="customer-list">
        {page.data.map((row) => (
          <li key={row._id}>{renderRow(row)}</li>
        ))}
      </ul>
      {(pages.index > 0 || page.nextCursor) && <Pager label={pagerLabel} pages={pages} nextCursor={page.nextCursor} />}
    </>
  );
}
