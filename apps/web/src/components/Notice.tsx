import { useEffect } from "react";
import { dismissNotice, useNotice } from "../lib/notice";

const SHOWN_FOR_MS = 6000;

/** The live region that reads out and shows the latest notice for a few seconds. */
export function Notice() {
  const notice = useNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissNotice, SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div className="notice-region" role="alert" aria-live="assertive">
      {notice && (
        <div className="notice">
          <p>{notice.text}</p>
          <button type="button" className="notice-close" aria-label="Dismiss" onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
