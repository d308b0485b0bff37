import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { SEARCH_QUERY_MAX } from "@mithai/schema";

export const SEARCH_PATH = "/search";

/** The navbar's search: by name or ingredient; the results page is `/search?q=…`. */
export function SearchBox() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === SEARCH_PATH ? (params.get("q") ?? "") : "";
  const [text, setText] = useState(current);
  // Back and forward between searches keep the box in step with the page shown.
  useEffect(() => setText(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q }).toString()}`);
  };

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        <Trans>Search sweets</Trans>
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        enterKeyHint="search"
        placeholder={t`Search sweets or ingredients`}
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="search-button" aria-label={t`Search`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
      </button>
    </form>
  );
}
