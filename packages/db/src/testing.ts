import { randomBytes } from "node:crypto";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { createDb, createPgliteDbFrom, pgliteExtensions, type Db, type DbHandle } from "./client";
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./test-template";
import { foodItems } from "./tables/catalog";
import { users } from "./tables/customer";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL names a server the tests may create databases on.
 * Under vitest both are copies of the database the run migrated once (`test-template.ts`); elsewhere, or when
 * no copy exists, the migrations run here.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) return createPgliteDbFrom(templateBlob(template));
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

const templateBlob = (template: string) => new Blob([new Uint8Array(readFileSync(template))], { type: "application/x-gzip" });

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
