import { randomBytes } from "node:crypto";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import postgres from "postgres";
import { createDb } from "./client";

/**
 * Set by `setup` below (vitest's global set-up, once per run) and read by `createTestDb` in every test file:
 * a PGlite data folder already migrated (a tar), or the name of a migrated PostgreSQL database to copy.
 */
export const PGLITE_TEMPLATE_ENV = "MITHAI_TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "MITHAI_TEST_POSTGRES_TEMPLATE";

/**
 * Migrates once per test run; each test file then starts from a copy instead of applying every migration again
 * (about 1 s to load the PGlite copy against 4–7 s to migrate on a busy 2-core machine; PostgreSQL copies a
 * database with `CREATE DATABASE … TEMPLATE` in tens of milliseconds). Answers vitest's teardown.
 */
export async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = createDb({});
    await handle.migrate();
    const dump = await handle.snapshot!();
    await handle.close();
    // Unpacked: a test file's copy then skips the gunzip (about a quarter of loading it).
    const file = path.join(tmpdir(), `mithai-test-template-${process.pid}-${randomBytes(4).toString("hex")}.tar`);
    writeFileSync(file, gunzipSync(new Uint8Array(await dump.arrayBuffer())));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      // The template and the on-disk copies of it that workers made for the servers they started (testing.ts).
      for (const name of readdirSync(path.dirname(file))) {
        if (name.startsWith(path.basename(file))) rmSync(path.join(path.dirname(file), name), { recursive: true, force: true });
      }
    };
  }

  const name = `mithai_template_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ databaseUrl: url.toString(), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template may have no open connection while it is copied.
    await handle.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
