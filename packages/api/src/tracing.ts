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

/** A handle's or call's scope (query-observer.ts) when it is a span being recorded: a traced request's, or a step's. */
export function recordingSpanOf(scope: unknown): Span | undefined {
  return typeof (scope as Partial<Span> | undefined)?.isRecording === "function" && (scope as Span).isRecording() ? (scope as Span) : undefined;
}

/** The recording span a handle's work belongs to; undefined otherwise (and always while tracing is off). */
export function spanOf(db: DbOrTx): Span | undefined {
  return tracing ? recordingSpanOf(queryScopeOf(db)) : undefined;
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
    return await work(withQueryScope(db, span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
