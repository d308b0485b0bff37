import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb } from "@mithai/db/testing";
import { shopPlugin, shopServerOptions } from "./app";
import { loadEnv } from "./env";
import { restPlugin } from "./rest/index";
import { jsonOf, TEST_JWT_SECRET } from "./testing";

/** `/api/order/:orderId/invoice` → `/api/order/{orderId}/invoice`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the shop as a plugin registered into a host's own instance", () => {
  let database: DbHandle;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDb();
    dataDir = mkdtempSync(path.join(tmpdir(), "mithai-plugin-"));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = () => loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "silent", METRICS_PORT: "0" });

  it("serves the shop in the host's instance, and documents every /api route it registers", async () => {
    // The host configures its instance: here a longer plugin timeout than Fastify's 10 s, for a loaded test machine.
    const host = Fastify({ ...shopServerOptions(), pluginTimeout: 60_000 });
    const routes: { method: string; url: string; hidden: boolean }[] = [];
    host.addHook("onRoute", (route) => {
      const methods = [route.method].flat().filter((method) => method !== "HEAD");
      if (route.url.startsWith("/api/")) for (const method of methods) routes.push({ method, url: route.url, hidden: route.schema?.hide === true });
    });
    host.get("/host-only", async () => ({ host: true }));
    await host.register(shopPlugin, { env: env(), database });
    try {
      await host.ready();
      expect(jsonOf(await host.inject("/host-only"))).toEqual({ host: true });
      expect((await host.inject("/api/food/list")).statusCode).toBe(200);
      const doc = jsonOf<{ paths: Record<string, Record<string, unknown>> }>(await host.inject("/api/openapi.json"));
      const api = routes.filter((route) => !route.hidden);
      expect(api.length).toBeGreaterThan(40);
      const undocumented = api.filter(({ method, url }) => !doc.paths[openApiPath(url)]?.[method.toLowerCase()]).map(({ method, url }) => `${method} ${url}`);
      expect(undocumented).toEqual([]);
      // What is left out is the reference itself: the document and the Swagger UI page with its files.
      expect(routes.filter((route) => route.hidden).every((route) => route.url === "/api/openapi.json" || route.url.startsWith("/api/docs"))).toBe(true);
    } finally {
      await host.close();
    }
  });

  it("declares the order of its plugins: the REST routes refuse to load without the OpenAPI plugin before them", async () => {
    const host = Fastify();
    host.decorate("deps", { config: { payments: { mode: "test" } } } as never);
    await expect(host.register(restPlugin)).rejects.toThrow(/mithai-openapi/);
    await host.close();
  });
});
