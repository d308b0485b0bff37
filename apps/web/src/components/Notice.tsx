import { useEffect } from "react";
import { dismissNotice, useNotice } from "../lib/notice";

const SHOWN_FOR_MS = 6000;

/** Shows the latest notice for a few seconds; it appears as an alert, so screen readers read it out. */
export function Notice() {
  const notice = useNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissNotice, SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div className="notice-region">
      {notice && (
        <div className="notice" role="alert">
          <p>{notice.text}</p>
          <button type="button" className="notice-close" aria-label="Dismiss" onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
