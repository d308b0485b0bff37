import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { seedDemoCatalog } from "@mithai/api";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb } from "@mithai/db/testing";
import { buildApp, type BuildAppOptions } from "./app";
import { loadEnv, type Env } from "./env";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  env: Env;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo catalogue. */
  seed?: boolean;
  env?: Record<string, string>;
  /** Build a second app on another app's database (two server processes sharing one); its owner closes it. */
  database?: DbHandle;
  /** Serve this folder as the built web client (the real build may not exist when unit tests run). */
  webDistDir?: string;
  /** Fastify's logger (default: none); tests that read log lines pass a stream. */
  logger?: BuildAppOptions["logger"];
  timeouts?: BuildAppOptions["timeouts"];
  /** With REDIS_URL: where this test's rate-limit keys start, so tests never share counts by accident. */
  rateLimitPrefix?: string;
}

/** The real app on a fresh database (or `database`) and a temporary DATA_DIR. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-test-"));
  // METRICS_PORT 0: a test app that listens serves /metrics on a free port, never the one a real shop here uses.
  const loaded = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "silent", METRICS_PORT: "0", ...options.env });
  const env: Env = options.webDistDir ? { ...loaded, webDistDir: options.webDistDir } : loaded;
  const database = options.database ?? (await createTestDb());
  const app = await buildApp({ env, database, logger: options.logger, timeouts: options.timeouts, rateLimitPrefix: options.rateLimitPrefix });
  if (options.seed) await seedDemoCatalog(database.db, app.deps.images, env.demoImagesDir);
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

/** Every log line an app writes, parsed: pass `logger` to createTestApp and read `lines`. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

/** Parses a JSON answer; fails loudly when the body is not JSON. */
export function jsonOf<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/**
 * A stand-in for the built web client (unit tests run without a build): the real index.html with its
 * script tag as Vite's build writes it (html.cspNonce). The caller removes the folder.
 */
export function writeWebClientFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-web-"));
  const source = readFileSync(new URL("../../web/index.html", import.meta.url), "utf8");
  const devScript = '<script type="module" src="/src/main.tsx"></script>';
  if (!source.includes(devScript)) throw new Error("apps/web/index.html no longer loads /src/main.tsx");
  const built = source.replace(
    devScript,
    '<script type="module" crossorigin src="/assets/app.js" nonce="%CSP_NONCE%"></script>\n    <meta property="csp-nonce" nonce="%CSP_NONCE%">',
  );
  writeFileSync(path.join(dir, "index.html"), built);
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app.js"), "console.log('app');\n");
  return dir;
}
