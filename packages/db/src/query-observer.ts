import { PgPreparedQuery } from "drizzle-orm/pg-core/session";

/** Told when a statement starts (its SQL text, never its parameters); answers what to do when it ends. */
export type QueryObserver = (statement: string) => (failed: boolean) => void;

type RunQuery = (this: PgPreparedQuery<never>, queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;

const observers = new Set<QueryObserver>();
let patched = false;

/**
 * Hears of every statement the shop sends through drizzle, on PostgreSQL and PGlite alike (the server's metrics
 * count and time them, its traces make a span of each). drizzle-orm (0.45) has no hook of its own, so its one
 * funnel, PgPreparedQuery#queryWithCache (every driver's execute and all go through it), is wrapped the first time
 * an observer is added; until then nothing is changed and a statement costs what it did. The answer removes the
 * observer. Process-wide, like the driver classes it wraps.
 */
export function observeQueries(observer: QueryObserver): () => void {
  observers.add(observer);
  if (!patched) patch();
  return () => observers.delete(observer);
}

function patch(): void {
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: RunQuery };
  const original = prototype.queryWithCache;
  if (typeof original !== "function") throw new Error("drizzle-orm internals changed: PgPreparedQuery#queryWithCache is missing");
  patched = true;
  prototype.queryWithCache = async function observed(queryString, params, query) {
    if (observers.size === 0) return original.call(this, queryString, params, query);
    const ends = [...observers].map((observer) => observer(queryString));
    try {
      const result = await original.call(this, queryString, params, query);
      for (const end of ends) end(false);
      return result;
    } catch (error) {
      for (const end of ends) end(true);
      throw error;
    }
  };
}
