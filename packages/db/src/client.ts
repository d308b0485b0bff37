import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
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
  /** Connections the pool opens at most (1 for the embedded database, which runs one statement at a time). */
  maxConnections: number;
  /** Applies the committed migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` from any process sharing the database, and
   * `onListen` each time listening (re)starts — after a reconnect, notifications may have been missed.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListen?: () => void) => Promise<() => Promise<void>>;
  /** True when a trivial query answers (readiness). */
  ping(): Promise<boolean>;
  /**
   * The embedded database only: its whole data folder as one gzipped tar, taken while it runs. PGlite runs one
   * statement at a time in this process, and the folder is read in one go between two of them, so the copy is
   * what a crash at that instant would leave: PostgreSQL's recovery makes it consistent when it is opened.
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string;
  /** Size of the postgres.js pool. */
  maxConnections?: number;
  /**
   * False behind a transaction-mode pooler that does not keep named prepared statements (PgBouncer before 1.21, or
   * `max_prepared_statements = 0`): postgres.js then sends every statement unnamed (`prepare: false`).
   */
  preparedStatements?: boolean;
}

/** Committed SQL migrations; the server build copies this folder next to its bundle. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

// Any number will do as long as nothing else in the database takes the same advisory lock.
const MIGRATION_LOCK_KEY = 7_302_114_001;

export function createDb(options: DbOptions, migrationsFolder = defaultMigrationsFolder): DbHandle {
  return options.databaseUrl
    ? createPostgresDb(options.databaseUrl, options.maxConnections ?? 10, options.preparedStatements ?? true, migrationsFolder)
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
 * A hot query, built once: `build` answers `db.select()….prepare(name)` with `sql.placeholder()` for the values.
 * drizzle-orm (0.45) sends other queries unprepared (drizzle-team/drizzle-orm#6096): postgres.js runs those in two
 * round trips (describe, then execute) and PostgreSQL parses and plans them every time. `.prepare()` makes drizzle
 * pass `{ prepare: true }`, so postgres.js prepares the statement once per connection (under its own name, keyed by
 * the text) and later calls are one round trip.
 *
 * A drizzle prepared query runs on the client it was built on, so one built on `db` would run outside a transaction
 * (on another pooled connection; with PGlite, waiting for the transaction that awaits it). Building it again for
 * every transaction cost the checkout most of a millisecond per order (drizzle assembling the same SQL text), so the
 * query is built once per driver and handed to each database or transaction as a copy bound to that handle's client
 * and logger: a drizzle prepared query keeps its text, parameters and result mapping, and reaches the database only
 * through its `client`, which drizzle sets from the session (`client.test.ts` proves both drivers still run it inside the
 * transaction and that it is built once). PGlite keeps no statements between calls; the same code runs there.
 */
export function preparedQuery<Query extends object>(build: (db: Db) => Query): (db: Db) => Query {
  const builtFor = new Map<unknown, Query>();
  const bound = new WeakMap<Db, Query>();
  return (db) => {
    let query = bound.get(db);
    if (!query) {
      const { session } = db as unknown as { session: { constructor: unknown; client: unknown; logger: unknown } };
      let built = builtFor.get(session.constructor);
      if (!built) builtFor.set(session.constructor, (built = build(db)));
      // The handle's logger too: it carries a traced request's scope to the statement (query-observer.ts).
      query = Object.assign(Object.create(Object.getPrototypeOf(built) as object) as Query, built, { client: session.client, logger: session.logger });
      bound.set(db, query);
    }
    return query;
  };
}

function createPostgresDb(url: string, max: number, prepare: boolean, migrationsFolder: string): DbHandle {
  const client = postgres(url, { max, prepare, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    maxConnections: max,
    async migrate() {
      // A dedicated single connection holds the lock for the whole run so two servers starting together do not race.
      const lockClient = postgres(url, { max: 1, prepare, onnotice: () => {} });
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

/** Extensions the migrations create, loaded into every embedded database (pg_trgm: the storefront's search). */
export const pgliteExtensions = { pg_trgm };

function createPgliteDb(dir: string | undefined, migrationsFolder: string): DbHandle {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const lock = dir ? lockEmbeddedDatabase(dir) : undefined;
  let client: PGlite;
  try {
    client = new PGlite({ dataDir: dir, extensions: pgliteExtensions });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return pgliteHandle(client, migrationsFolder, async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  });
}

/**
 * A handle over an embedded database that is already open; `close` is the caller's (the test databases reuse one
 * PGlite for file after file: packages/db/src/testing.ts).
 */
export function pgliteHandle(client: PGlite, migrationsFolder: string, close: () => Promise<void>): DbHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    maxConnections: 1,
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    async listen(channel, onNotify, onListen) {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return () => unlisten();
    },
    ping: () => pingDb(db),
    async snapshot() {
      // A checkpoint first, so the copy needs little recovery when it is opened.
      await client.exec("checkpoint");
      return client.dumpDataDir("gzip");
    },
    close,
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
