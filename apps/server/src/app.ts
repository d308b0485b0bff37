import type { Server } from "node:http";
import Fastify, { LogController, type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { ApiDeps } from "@mithai/api";
import {
  AppError,
  assertStorableInput,
  createCatalogCache,
  createLimits,
  createMailer,
  createRateLimiterFactory,
  createShopOutbox,
  NO_METRICS,
  type RateLimitStore,
  smtpLeaseMs,
} from "@mithai/api";
import type { DbHandle } from "@mithai/db/client";
import { internalUrlOf, type Env } from "./env";
import { registerCatalogAnswers } from "./plugins/catalog-answers";
import { registerCompression } from "./plugins/compression";
import { registerErrorHandler } from "./plugins/errors";
import { openApiPlugin } from "./plugins/openapi";
import { registerRouteSchemas } from "./plugins/route-schemas";
import { registerRequestIds, requestIdOf, TRUSTED_PROXIES } from "./plugins/request-ids";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { healthPlugin } from "./plugins/health";
import { imagesPlugin, webClientPlugin } from "./plugins/static-files";
import { trpcPlugin } from "./plugins/trpc";
import { trackApiMethods } from "./plugins/wrong-method";
import { createPictureStore } from "./picture-store";
import { backupEndpointPlugin } from "./backup/backup-endpoint";
import { backupSourcesOf } from "./backup/make-backup";
import { registerHttpMetrics } from "./metrics/http-metrics";
import { serveMetrics, type MetricsServer } from "./metrics/metrics-server";
import { createServerMetrics } from "./metrics/shop-metrics";
import { createHealthProbes } from "./operations/health-probes";
import { registerHttpSpans, startTracing } from "./tracing/start-tracing";
import type { Operations } from "./context";
import { createRedisClient } from "./redis";
import { restPlugin } from "./rest/index";
import { crawlerRoutes } from "./seo/crawlers";

export interface BuildAppOptions {
  env: Env;
  database: DbHandle;
  logger?: FastifyServerOptions["logger"];
  /** Overrides of DEFAULT_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** Where the Redis keys of the rate limits start (default "mithai:rl"); tests give each app its own. */
  rateLimitPrefix?: string;
}

/** How long the server waits for a client, in milliseconds; a slow or silent client is cut off, never waited on forever. */
export interface ServerTimeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headers: number;
  /** From the first byte to the end of the whole request, body included (a 20 MB picture needs about 700 KB/s). */
  request: number;
  /** A socket on which nothing moves, either way. */
  idle: number;
  /** An idle kept-alive connection between two requests. */
  keepAlive: number;
  /** How often node checks the headers and request deadlines (its default, 30 s, would let a client overstay them by as much). */
  checkEvery: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headers: 10_000, request: 30_000, idle: 30_000, keepAlive: 5_000, checkEvery: 1_000 };

/**
 * A successful GET of a built asset, a product picture or another file with an extension: logged at debug level only
 * (a page view asks for dozens). API, tRPC and page requests, and every failure, are logged at info.
 */
export function isStaticFile(method: string, url: string, statusCode: number): boolean {
  if ((method !== "GET" && method !== "HEAD") || statusCode >= 400) return false;
  const pathname = url.split("?")[0]!;
  if (/^\/(api|trpc|sandbox)(\/|$)/.test(pathname)) return false;
  return pathname.startsWith("/assets/") || pathname.startsWith("/images/") || /\.[a-z0-9]{1,8}$/i.test(pathname);
}

/**
 * The Fastify options the shop's instance is made with: its timeouts, request ids, trusted proxies, body limit and
 * request logging (one line per request, written by the shop plugin). A host application that registers shopPlugin
 * into its own instance starts from these.
 */
export function shopServerOptions({ logger = false, timeouts: timeoutOverrides }: Pick<BuildAppOptions, "logger" | "timeouts"> = {}): FastifyHttpOptions<Server> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOverrides };
  return {
    logger,
    genReqId: requestIdOf,
    connectionTimeout: timeouts.idle,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
    trustProxy: TRUSTED_PROXIES,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // One line per request (the shop plugin's onResponse hook), instead of Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
  };
}

export interface ShopPluginOptions {
  env: Env;
  database: DbHandle;
  /** Where the Redis keys of the rate limits start (default "mithai:rl"); tests give each app its own. */
  rateLimitPrefix?: string;
}

/** The whole HTTP surface as one instance: shopServerOptions, with shopPlugin registered. server.ts only listens and closes it. */
export async function buildApp({ env, database, logger, timeouts, rateLimitPrefix }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify(shopServerOptions({ logger, timeouts }));
  await app.register(shopPlugin, { env, database, rateLimitPrefix });
  return app;
}

/**
 * The shop as a Fastify plugin (not encapsulated: its decorators, `deps`, `operations` and `startDraining`, and its
 * hooks belong to the instance it is registered into). The instance's options are the host's: tests, the CLI and a
 * host application make it with shopServerOptions (or their own) and register this. Its own plugins declare their
 * names and what they depend on (mithai-openapi before mithai-rest), so their order is checked, not implied.
 */
export const shopPlugin = fastifyPlugin(registerShop, { name: "mithai-shop", fastify: "5.x" });

async function registerShop(app: FastifyInstance, { env, database, rateLimitPrefix = "mithai:rl" }: ShopPluginOptions): Promise<void> {
  app.addHook("onResponse", async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: req.method, url: req.url, statusCode: reply.statusCode, ms };
    req.log[isStaticFile(req.method, req.url, reply.statusCode) ? "debug" : "info"](line, `${req.method} ${req.url} ${reply.statusCode} ${ms} ms`);
  });

  const catalog = createCatalogCache(database.db, database.listen);
  const redis = env.redisUrl ? await createRedisClient(env.redisUrl, app.log, env.redisTimeoutMs) : null;
  const store: RateLimitStore = redis
    ? { kind: "redis", client: redis.client, prefix: rateLimitPrefix, failed: redis.failed, answered: redis.answered, usable: redis.answers }
    : { kind: "memory" };
  const rateLimiters = createRateLimiterFactory(store);
  const images = createPictureStore(env);
  const metrics = env.metrics
    ? createServerMetrics({ db: database.db, catalog, maxConnections: database.maxConnections, reconcileAfterMs: env.reconcileAfterMs })
    : null;
  const health = createHealthProbes(env, images, () => (!redis ? "unused" : redis.answers() ? "ok" : "down"));
  const mailer = createMailer({ from: env.mailFrom, smtpUrl: env.smtpUrl, outboxDir: env.outboxDir, log: app.log });
  const config: ApiDeps["config"] = {
    shopName: env.shopName,
    publicUrl: env.publicUrl,
    internalUrl: env.internalUrl,
    jwtSecret: env.jwtSecret,
    dataDir: env.dataDir,
    payments: env.payments,
    cancelWindowMinutes: env.cancelWindowMinutes,
    paymentWindowMinutes: env.paymentWindowMinutes,
    invoicePrefix: env.invoicePrefix,
    supplier: env.supplier,
    whatsapp: env.whatsapp,
  };
  const deps: ApiDeps = {
    db: database.db,
    catalog,
    images,
    log: app.log,
    limits: createLimits(rateLimiters),
    rateLimiters,
    metrics: metrics?.shop ?? NO_METRICS,
    health,
    mailer,
    outbox: createShopOutbox({ db: database.db, config, log: app.log, mailer }, { retryBaseMs: env.mailRetryMs, leaseMs: smtpLeaseMs(env.smtpUrl) }),
    config,
  };
  app.decorate("deps", deps);
  let metricsServer: MetricsServer | null = null;
  app.decorate("operations", {
    reconcilerPassed(pass) {
      health.reconcilerPassed(pass);
      metrics?.reconcilerPassed(pass);
    },
    backupMade: (ok) => metrics?.backupMade(ok),
    refused: (code) => metrics?.refused(code),
    metricsUrl: () => metricsServer?.url ?? null,
  } satisfies Operations);
  // The port may be chosen at listen time (PORT=0 in tests): the sandbox gateway must call the real one.
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (address && typeof address === "object") deps.config.internalUrl = internalUrlOf(address.address, address.port);
  });
  app.addHook("onReady", async () => {
    await redis?.start();
    await catalog.start();
    if (metrics && env.metrics) metricsServer = await serveMetrics(metrics, env.metrics, app.log);
    // Every server sends the outbox's mail (claims keep two from sending one mail).
    deps.outbox.start();
  });
  app.addHook("onClose", async () => {
    await catalog.stop();
    // Mails being sent finish; what is left waits in the outbox for the next server.
    await deps.outbox.stop();
    await deps.mailer.close();
    await redis?.stop();
    if ("close" in images) await images.close();
    await metricsServer?.close();
    await tracing?.flush();
    metrics?.close();
    health.stop();
  });

  registerRequestIds(app);
  const tracing = env.tracing ? await startTracing(env.tracing) : null;
  if (tracing) registerHttpSpans(app, tracing);
  if (metrics) registerHttpMetrics(app, metrics);
  // Third-party plugins first, then the app's own.
  await registerCompression(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { https: env.publicUrl.startsWith("https:") });
  registerCatalogAnswers(app);
  registerRouteSchemas(app);
  // REST (and tRPC mutation) input: params, query and parsed body, before any handler queries with it.
  app.addHook("preHandler", (req, _reply, done) => {
    try {
      assertStorableInput([req.params, req.query, req.body]);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  // `fetch` sends a string body as text/plain: a JSON body sent so is read as JSON (a body that is not JSON is a 400).
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, (body as string).length === 0 ? undefined : JSON.parse(body as string));
    } catch {
      done(new AppError("VALIDATION", "The request body is not JSON: send JSON, with Content-Type: application/json"), undefined);
    }
  });
  const allowedMethods = trackApiMethods(app);
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  await app.register(healthPlugin, { ping: () => database.ping(), draining: () => draining });
  await app.register(backupEndpointPlugin, { sources: backupSourcesOf(env, database, images), dataDir: env.dataDir });
  await app.register(trpcPlugin);
  // Before the REST routes, whose contracts it collects into the OpenAPI document.
  await app.register(openApiPlugin, { shopName: env.shopName, publicUrl: env.publicUrl });
  await app.register(restPlugin);
  await app.register(imagesPlugin, { store: images, diskDir: images.kind === "disk" ? env.imagesDir : undefined, publicUrl: env.imagesPublicUrl });
  await app.register(crawlerRoutes, { publicUrl: env.publicUrl });
  await app.register(webClientPlugin, { webDistDir: env.webDistDir, site: { shopName: env.shopName, publicUrl: env.publicUrl, testPaymentsBanner: env.testPaymentsBanner, cancelWindowMinutes: env.cancelWindowMinutes, imagesPublicUrl: env.imagesPublicUrl },
    allowedMethods,
  });
}
