import { useState } from "react";

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
