import { ROOT_CONTEXT, trace, SpanStatusCode, type Attributes, type Span } from "@opentelemetry/api";
import type { Db, DbOrTx } from "@mithai/db/client";
import { queryScopeOf, withQueryScope } from "@mithai/db/query-observer";

/**
 * Spans for the domain's own steps (tRPC procedures). Off until the server turns tracing on (OTEL_EXPORTER_OTLP_ENDPOINT):
 * until then `traced` only calls `work`, so a shop without tracing pays a branch, not a span.
 *
 * A traced (sampled) request's span travels with its database handle (`withQueryScope`), not in an async context: a
 * step finds its parent in the handle it was given, and hands its own work a handle scoped to its own span, so its
 * statements and provider calls become its children. OpenTelemetry's usual context rides on Node 20's
 * AsyncLocalStorage, whose promise hooks every `await` of the process pays once any request is traced: with a tenth
 * of the requests sampled, bench:catalogue lost a quarter of its speed that way.
 */
let tracing = false;

export function enableTracing(): void {
  tracing = true;
}

const isRecordingSpan = (scope: unknown): scope is Span =>
  typeof (scope as Partial<Span> | undefined)?.isRecording === "function" && (scope as Span).isRecording();

/** The recording span a handle's work belongs to (a traced request's, or one of its steps'); undefined otherwise. */
export function spanOf(db: DbOrTx): Span | undefined {
  if (!tracing) return undefined;
  const scope = queryScopeOf(db);
  return isRecordingSpan(scope) ? scope : undefined;
}

/** `db` as a handle whose statements (and provider calls made with it) are children of `span`. */
export function underSpan(db: Db, span: Span): Db {
  return withQueryScope(db, span);
}

/** A span for one step of a traced request, whose work runs with a handle under it; an untraced one just runs. */
export function traced<T>(db: Db, name: string, attributes: Attributes, work: (db: Db) => Promise<T>): Promise<T> {
  const parent = spanOf(db);
  // Not an async function: an untraced step costs no promise of its own.
  return parent ? tracedUnder(parent, db, name, attributes, work) : work(db);
}

async function tracedUnder<T>(parent: Span, db: Db, name: string, attributes: Attributes, work: (db: Db) => Promise<T>): Promise<T> {
  const span = trace.getTracer("mithai").startSpan(name, { attributes }, trace.setSpan(ROOT_CONTEXT, parent));
  try {
    return await work(underSpan(db, span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
