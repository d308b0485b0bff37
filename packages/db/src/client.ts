import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lockEmbeddedDatabase } from "./pglite-lock";
import * as schema from "./schema";

/** The one database type the rest of the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction of a `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or an open transaction: work that runs inside the caller's transaction when there is one. */
export type DbOrTx = Db | Tx;
export type DbKind = "postgres" | "pglite";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Applies the committed migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` from any process sharing the database, and
   * `onListen` each time listening (re)starts — after a reconnect, notifications may have been missed.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListen?: () => void) => Promise<() => Promise<void>>;
  /** True when a trivial query answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string;
  /** Size of the postgres.js pool. */
  maxConnections?: number;
}

/** Committed SQL migrations; the server build copies this folder next to its bundle. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

// Any number will do as long as nothing else in the database takes the same advisory lock.
const MIGRATION_LOCK_KEY = 7_302_114_001;

export function createDb(options: DbOptions, migrationsFolder = defaultMigrationsFolder): DbHandle {
  return options.databaseUrl
    ? createPostgresDb(options.databaseUrl, options.maxConnections ?? 10, migrationsFolder)
    : createPgliteDb(options.pgliteDir, migrationsFolder);
}

/**
 * How long a connection that failed waits before it connects again. postgres.js grows the wait with every failure
 * of any connection in the pool (its retries count is shared) up to 10-20 s, so after a few seconds of a database
 * restart every query would sit out up to 20 s more once the database is back. Capped here at 0.5-1 s (with the
 * driver's jitter); an attempt against a database that is still down costs it one refused connection.
 */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);
}

/**
 * drizzle-orm (0.45) sends every query through postgres.js's `unsafe()` unprepared (drizzle-team/drizzle-orm#6096),
 * and postgres.js runs an unprepared query with parameters in two round trips: describe, then execute. Prepared per
 * connection instead (postgres.js's own default), a query costs one round trip after its first use on a connection.
 * The statements cached per connection are bounded by the code's query shapes (lists in queries are capped by the
 * contracts: 50 cart lines); postgres.js re-prepares one whose plan a migration invalidated.
 */
function withPreparedStatements<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      }
      // Transactions and savepoints hand their callback a new client: it prepares too.
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (inner: postgres.TransactionSql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...rest: unknown[]) => unknown;
          return open.call(target, ...args, (inner: postgres.TransactionSql) => callback(withPreparedStatements(inner)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

function createPostgresDb(url: string, max: number, migrationsFolder: string): DbHandle {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds });
  const db = drizzlePostgres({ client: withPreparedStatements(client), schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      // A dedicated single connection holds the lock for the whole run so two servers starting together do not race.
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres({ client: lockClient }), { migrationsFolder });
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await lockClient.end();
      }
    },
    async listen(channel, onNotify, onListen) {
      const meta = await client.listen(channel, onNotify, onListen);
      return () => meta.unlisten();
    },
    ping: () => pingDb(db),
    close: () => client.end({ timeout: 5 }),
  };
}

function createPgliteDb(dir: string | undefined, migrationsFolder: string): DbHandle {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const lock = dir ? lockEmbeddedDatabase(dir) : undefined;
  let client: PGlite;
  try {
    client = new PGlite(dir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    async listen(channel, onNotify, onListen) {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return () => unlisten();
    },
    ping: () => pingDb(db),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; postgres.js answers an array, PGlite an object with `rows`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
