import { PgPreparedQuery } from "drizzle-orm/pg-core/session";
import type { Db, DbOrTx } from "./client";

/**
 * Told when a statement starts (its SQL text, never its parameters) and the scope of the handle it ran on (see
 * `withQueryScope`; undefined for the shop's own handle); answers what to do when it ends.
 */
export type QueryObserver = (statement: string, scope: unknown) => (failed: boolean) => void;

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
    const scope = scopeOfLogger((this as unknown as { logger?: unknown }).logger);
    const ends = [...observers].map((observer) => observer(queryString, scope));
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

/**
 * Carries a scope from a database handle to its statements. drizzle hands its session's logger to every query the
 * session prepares and to every transaction's session, so a handle made with one (`withQueryScope`) marks all the
 * statements run through it or its transactions, and nothing else: no async context is needed to find them.
 */
class ScopeLogger {
  constructor(readonly scope: unknown) {}
  logQuery(): void {}
}

const scopeOfLogger = (logger: unknown): unknown => (logger instanceof ScopeLogger ? logger.scope : undefined);

interface DrizzleInternals {
  dialect: unknown;
  session: { client: unknown; schema: unknown; options?: Record<string, unknown>; logger?: unknown };
  _: { schema?: unknown; fullSchema: unknown; tableNamesMap: unknown };
  $client?: unknown;
  $cache?: unknown;
}

/**
 * The same database (same driver, pool or embedded client) as a handle whose statements, and its transactions',
 * tell the observers `scope`: a traced request's statements become spans under its own. Cheap: a drizzle database
 * object and session, not a connection. The relational query builders (`db.query.<table>`, one per table of the
 * schema, together several microseconds) are made the first time the handle's `query` is read: a traced request or
 * tRPC step that never uses them (almost all) does not pay for them.
 */
export function withQueryScope(db: Db, scope: unknown): Db {
  const { dialect, session, _: config, $client, $cache } = db as unknown as DrizzleInternals;
  const Session = session.constructor as new (client: unknown, dialect: unknown, schema: unknown, options: object) => unknown;
  const scoped = new Session(session.client, dialect, session.schema, { ...session.options, logger: new ScopeLogger(scope) });
  const Database = db.constructor as new (dialect: unknown, session: unknown, schema: unknown) => Db;
  const schema = config.schema ? { schema: config.schema, fullSchema: config.fullSchema, tableNamesMap: config.tableNamesMap } : undefined;
  // Made without the schema (no builders), then given it: what drizzle's constructor sets, with `query` looking its
  // builders up in a set made on first use (a proxy: defining a getter on the handle cost more than the builders saved).
  const handle = Object.assign(new Database(dialect, scoped, undefined), { $client, $cache, _: { ...config, session: scoped } });
  let builders: Record<string | symbol, unknown> | undefined;
  const tables = () => (builders ??= new Database(dialect, scoped, schema).query as Record<string | symbol, unknown>);
  handle.query = new Proxy({} as Db["query"], {
    get: (_target, table) => tables()[table],
    has: (_target, table) => table in tables(),
    ownKeys: () => Reflect.ownKeys(tables()),
    getOwnPropertyDescriptor: (_target, table) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(tables(), table);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return handle;
}

/** The scope `withQueryScope` gave a handle (or the transaction it opened); undefined for any other. */
export function queryScopeOf(db: DbOrTx): unknown {
  return scopeOfLogger((db as unknown as DrizzleInternals).session.logger);
}
