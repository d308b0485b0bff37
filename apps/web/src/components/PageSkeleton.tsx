import { useLingui } from "@lingui/react/macro";
/** Shown while a lazily loaded page arrives. */
export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container section static-page" role="status" aria-label={t`Loading page`} aria-busy="true">
      <div className="skeleton-line skeleton-title" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={`skeleton-line${i % 3 === 2 ? " short" : ""}`} />
      ))}
    </div>
  );
}
