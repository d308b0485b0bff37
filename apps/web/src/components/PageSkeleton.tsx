/** Shown while a lazily loaded page arrives. */
export function PageSkeleton() {
  return (
    <div className="container section static-page" role="status" aria-label="Loading page" aria-busy="true">
      <div className="skeleton-line skeleton-title" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={`skeleton-line${i % 3 === 2 ? " short" : ""}`} />
      ))}
    </div>
  );
}
