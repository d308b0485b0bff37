import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { seedDemoCatalog } from "@mithai/api/catalog/demo-seed";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb } from "@mithai/db/testing";
import { buildApp } from "./app";
import { loadEnv, type Env } from "./env";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  env: Env;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database and a temporary DATA_DIR; `seed` loads the demo catalogue. Passing
 * `database` builds a second app on another app's database (two server processes sharing one); it is
 * then left open for its owner to close.
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; database?: DbHandle } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-test-"));
  const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "silent", ...options.env });
  const database = options.database ?? (await createTestDb());
  if (options.seed) await seedDemoCatalog(database.db, env.imagesDir, env.demoImagesDir);
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses a JSON answer; fails loudly when the body is not JSON. */
export function jsonOf<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
