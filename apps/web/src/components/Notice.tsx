import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { dismissNotice, useNotice } from "../lib/notice";

const SHOWN_FOR_MS = 6000;

/** Shows the latest notice for a few seconds; it appears as an alert, so screen readers read it out. */
export function Notice() {
  const { t } = useLingui();
  const notice = useNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissNotice, SHOWN_FOR_MS);
    // Read once the customer starts filling in a form: it steps aside rather than sit over the fields.
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches("input, textarea, select")) dismissNotice();
    };
    document.addEventListener("focusin", onFocus);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [notice]);

  return (
    <div className="notice-region">
      {notice && (
        <div className="notice" role="alert">
          <p>{notice.text}</p>
          <button type="button" className="notice-close" aria-label={t`Dismiss`} onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
