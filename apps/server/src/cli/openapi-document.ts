/**
 * `npm run openapi:document -- <file>`: writes the OpenAPI document the shop serves at /api/openapi.json, made by the
 * app itself (its routes' contracts) on an empty in-memory database; without a file, prints it. `npm run lint:openapi`
 * lints what this writes.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb } from "@mithai/db/client";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { OPENAPI_PATH } from "../plugins/openapi";

async function main(): Promise<void> {
  const out = process.argv[2];
  const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-openapi-"));
  const database = createDb({});
  try {
    await database.migrate();
    const env = loadEnv({ NODE_ENV: "development", DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "silent", METRICS_PORT: "off" });
    const app = await buildApp({ env, database });
    try {
      const res = await app.inject(OPENAPI_PATH);
      if (res.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${res.statusCode}: ${res.body}`);
      const document = `${JSON.stringify(res.json(), null, 2)}\n`;
      if (!out) {
        // A reader that stops early (`| head`) closes the pipe: that is not a failure, and no stack trace.
        process.stdout.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code !== "EPIPE") throw error;
        });
        process.stdout.write(document);
      }
      else {
        mkdirSync(path.dirname(out), { recursive: true });
        writeFileSync(out, document);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
