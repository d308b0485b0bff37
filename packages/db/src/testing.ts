import { randomBytes } from "node:crypto";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { createDb, defaultMigrationsFolder, pgliteExtensions, pgliteHandle, type Db, type DbHandle } from "./client";
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./test-template";
import { foodItems } from "./tables/catalog";
import { users } from "./tables/customer";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL names a server the tests may create databases on.
 * Under vitest both are copies of the database the run migrated once (`test-template.ts`), an embedded one often
 * one that an earlier file of the same worker closed, emptied back to that state; elsewhere, or when no copy exists,
 * the migrations run here.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) return reusedPgliteDb(template);
    const handle = createDb({});
    await handle.migrate();
    return handle;
  }

  const database = await createTestPostgresDatabase({ template: process.env[POSTGRES_TEMPLATE_ENV] });
  const handle = createDb({ databaseUrl: database.url, maxConnections: 20 });
  if (!process.env[POSTGRES_TEMPLATE_ENV]) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

const templateBlob = (template: string) => new Blob([new Uint8Array(readFileSync(template))], { type: "application/x-tar" });

/**
 * Embedded databases a closed test handle gave back, emptied to the state the run's migrations left: loading a copy
 * of the template costs about half a second of CPU (unpacking it and starting PostgreSQL), emptying one about 40 ms.
 * A vitest worker runs one file at a time, so a database here is never in two files' hands at once.
 */
const idleDatabases: PGlite[] = [];
const MAX_IDLE_DATABASES = 4;

/**
 * What emptying a database puts back: the session's own settings (PGlite sets `search_path` when it starts, which
 * `discard all` resets), the tables, the rows the migrations wrote, and its shape to compare with.
 */
interface MigratedState {
  settings: { name: string; setting: string }[];
  tables: string[];
  rows: { table: string; json: string }[];
  shape: string;
}
let migratedState: Promise<MigratedState> | undefined;

// Every column, constraint, index and trigger of the shop's schema: a test that changed it (answers.test.ts renames a
// table and back; one that failed half-way would not) leaves a database that is closed instead of reused.
const SHAPE_QUERY = `select md5(coalesce((select string_agg(c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull, ',' order by c.relname, a.attnum)
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped), '')
  || coalesce((select string_agg(conname || pg_get_constraintdef(oid), ',' order by conname) from pg_constraint where connamespace = 'public'::regnamespace), '')
  || coalesce((select string_agg(indexname || indexdef, ',' order by indexname) from pg_indexes where schemaname = 'public'), '')
  || coalesce((select string_agg(tgname, ',' order by tgname) from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace), '')
  || coalesce((select string_agg(sequencename || ':' || coalesce(last_value, 0), ',' order by sequencename) from pg_sequences where schemaname = 'public'), '')) as shape`;

async function readMigratedState(client: PGlite): Promise<MigratedState> {
  const settings = (await client.query<{ name: string; setting: string }>(`select name, setting from pg_settings where source in ('session', 'client') order by name`)).rows;
  const tables = (await client.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`)).rows.map((row) => row.name);
  const rows: MigratedState["rows"] = [];
  for (const table of tables) {
    const [found] = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows;
    if (found?.json) rows.push({ table, json: found.json });
  }
  const [shape] = (await client.query<{ shape: string }>(SHAPE_QUERY)).rows;
  return { settings, tables, rows, shape: shape!.shape };
}

/** Empties a database a test file is done with and keeps it for the next one; false when it cannot be reused. */
async function giveBack(client: PGlite, state: MigratedState): Promise<boolean> {
  if (client.closed || idleDatabases.length >= MAX_IDLE_DATABASES) return false;
  try {
    // Session state (settings, prepared statements, LISTENs, advisory locks, temporary tables); refused inside an
    // open transaction, which a test that left one behind would have.
    await client.exec("discard all");
    for (const { name, setting } of state.settings) await client.query("select set_config($1, $2, false)", [name, setting]);
    const [shape] = (await client.query<{ shape: string }>(SHAPE_QUERY)).rows;
    if (shape?.shape !== state.shape) return false;
    await client.transaction(async (tx) => {
      await tx.exec(`truncate ${state.tables.join(", ")} restart identity cascade`);
      for (const { table, json } of state.rows) await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
    });
  } catch {
    return false;
  }
  idleDatabases.push(client);
  return true;
}

/**
 * A test file's embedded database: one given back by an earlier file of this worker, emptied, or a new copy of the
 * run's migrated template. Its handle reaches the database only until it is closed: a timer of a closed app that
 * still ran a statement would otherwise write into the next file's data (it fails, as on a closed database).
 */
async function reusedPgliteDb(template: string): Promise<DbHandle> {
  let client = idleDatabases.pop();
  if (!client) {
    client = new PGlite({ loadDataDir: templateBlob(template), extensions: pgliteExtensions });
    await client.waitReady;
    migratedState ??= readMigratedState(client);
    await migratedState;
  }
  const open = client;
  let closed = false;
  const listening: (() => Promise<void>)[] = [];
  const reachable = new Proxy(open, {
    get(target, property) {
      if (closed) throw new Error("This test database is closed");
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const handle = pgliteHandle(reachable, defaultMigrationsFolder, async () => {
    if (closed) return;
    closed = true;
    for (const unlisten of listening.splice(0)) await unlisten().catch(() => {});
    if (!(await giveBack(open, await migratedState!))) await open.close().catch(() => {});
  });
  return {
    ...handle,
    async listen(channel, onNotify, onListen) {
      const unlisten = await handle.listen(channel, onNotify, onListen);
      listening.push(unlisten);
      return unlisten;
    },
  };
}

/** This process's on-disk copy of the run's migrated embedded database (made once, beside the template). */
let migratedFolder: Promise<string> | undefined;

/**
 * Puts a copy of the run's migrated embedded database in `dir` (a server's `DATA_DIR/pglite`), so a server started
 * there finds every migration applied instead of applying them all (about 4 s of its start). False, and nothing
 * done, outside vitest (no template) or when `dir` exists: the server then migrates as it would.
 */
export async function copyMigratedPglite(dir: string): Promise<boolean> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || existsSync(dir)) return false;
  migratedFolder ??= (async () => {
    // Beside the template, so the run's teardown removes it with the template (test-template.ts).
    const folder = `${template}.${process.pid}.pglite`;
    const disk = new PGlite({ dataDir: folder, loadDataDir: templateBlob(template), extensions: pgliteExtensions });
    await disk.waitReady;
    await disk.close();
    return folder;
  })();
  cpSync(await migratedFolder, dir, { recursive: true });
  return true;
}

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server, for tests that hand its URL to another
 * process (a server under test) or open their own connections; `drop` removes it, connections and all.
 * With `template`, a copy of that database instead.
 */
export async function createTestPostgresDatabase(options: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("createTestPostgresDatabase needs TEST_DATABASE_URL (npm run test:db sets it)");
  const name = `mithai_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The database URL of a test handle's server, for tests that start a second server process on the same data. */
export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

/** A customer row for tests that need a signed-in user without going through sign-up. */
export async function insertTestUser(db: Db, name = "Test Customer"): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ name, email: `${randomBytes(6).toString("hex")}@example.in`, passwordHash: "not-a-real-hash" })
    .returning({ id: users.id });
  return user!.id;
}

/** `count` plain catalogue items priced ₹100, ₹200, ... per kg; returns their ids in that order. */
export async function insertTestFoodItems(db: Db, count: number): Promise<string[]> {
  const tag = randomBytes(4).toString("hex");
  const rows = Array.from({ length: count }, (_, i) => ({
    slug: `test-sweet-${tag}-${i}`,
    name: `Test Sweet ${i}`,
    description: "A sweet for tests",
    pricePaise: (i + 1) * 10_000,
    image: "test.webp",
    category: "Flour Sweets" as const,
    ingredients: "Sugar",
    benefits: "Joy",
    faq: [
      { question: "Q1", answer: "A1" },
      { question: "Q2", answer: "A2" },
    ],
  }));
  const added = await db.insert(foodItems).values(rows).returning({ id: foodItems.id });
  return added.map((row) => row.id);
}
