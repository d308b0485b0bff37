import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "./client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL names a server the tests may create databases on.
 */
export async function createTestDb(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = createDb({});
    await handle.migrate();
    return handle;
  }

  const name = `mithai_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ databaseUrl: url.toString(), maxConnections: 20 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
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
