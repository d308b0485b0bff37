import "./admin-pages.css";
import type { HealthLevel } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatAdminDateTime } from "../format";
import { adminTrpc } from "../trpc";

const LEVEL_WORDS: Record<HealthLevel, string> = { green: "All well", amber: "Look soon", red: "Act now" };

/**
 * The shop's health for its owner: mail, the payment reconciler, the payment service, backups, disk space, Redis and
 * the picture store, each green, amber or red with what to do. Looked at again every minute while open.
 */
export function HealthPage() {
  useDocumentTitle("Health");
  const health = adminTrpc.admin.health.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <div className="admin-page health-page">
      <h1>Health</h1>
      {health.isPending && <p className="muted">Looking at the shop…</p>}
      {health.error && (
        <p role="alert" className="health-error">
          The health report could not be read: {health.error.message}
        </p>
      )}
      {health.data && (
        <>
          <p className={`health-overall health-${health.data.level}`}>
            <span className="health-dot" aria-hidden="true" /> {LEVEL_WORDS[health.data.level]}
            <small className="muted"> · checked {formatAdminDateTime(new Date(health.data.checkedAt))}</small>
          </p>
          <ul className="health-checks">
            {health.data.checks.map((check) => (
              <li key={check.id} className={`health-check health-${check.level}`}>
                <span className="health-dot" aria-hidden="true" />
                <div>
                  <h2>
                    {check.title} <span className="health-level">{check.level}</span>
                  </h2>
                  <p>{check.summary}</p>
                  {check.action && <p className="health-action">{check.action}</p>}
                </div>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary" onClick={() => void health.refetch()} disabled={health.isFetching}>
            Look again
          </button>
        </>
      )}
    </div>
  );
}
