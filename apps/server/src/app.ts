import { randomUUID } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { ApiDeps } from "@mithai/api/context";
import { createCatalogCache } from "@mithai/api/catalog/cache";
import { createLimits } from "@mithai/api/limits";
import { createShopOutbox } from "@mithai/api/mail/kinds";
import { createMailer } from "@mithai/api/mail/mailer";
import { AppError } from "@mithai/api/errors";
import { assertNoNul } from "@mithai/api/nul-text";
import { createRateLimiterFactory, type RateLimitStore } from "@mithai/api/rate-limit";
import type { DbHandle } from "@mithai/db/client";
import { internalUrlOf, type Env } from "./env";
import { registerCatalogAnswers } from "./plugins/catalog-answers";
import { MIN_COMPRESSED_BYTES, registerInMemoryCompression } from "./plugins/compression";
import { registerErrorHandler } from "./plugins/errors";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { healthPlugin } from "./plugins/health";
import { imagesPlugin, webClientPlugin } from "./plugins/static-files";
import { trpcPlugin } from "./plugins/trpc";
import { trackApiMethods } from "./plugins/wrong-method";
import { createPictureStore } from "./picture-store";
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
  /** From the first byte to the end of the whole request, body included (a 5 MB upload needs about 170 KB/s). */
  request: number;
  /** A socket on which nothing moves, either way. */
  idle: number;
  /** An idle kept-alive connection between two requests. */
  keepAlive: number;
  /** How often node checks the headers and request deadlines (its default, 30 s, would let a client overstay them by as much). */
  checkEvery: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headers: 10_000, request: 30_000, idle: 30_000, keepAlive: 5_000, checkEvery: 1_000 };

/** The request id Fastify logs with every line of a request; answers carry it as `x-request-id` (and 5xx bodies as `requestId`). */
export const REQUEST_ID_HEADER = "x-request-id";

/** The whole HTTP surface as one Fastify instance; server.ts only listens and closes it. */
export async function buildApp({
  env,
  database,
  logger = false,
  timeouts: timeoutOverrides,
  rateLimitPrefix = "mithai:rl",
}: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOverrides };
  const app = Fastify({
    logger,
    // Unique across restarts and servers, so a customer's quoted id finds one log line.
    genReqId: () => randomUUID(),
    connectionTimeout: timeouts.idle,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
    // X-Forwarded-For is believed only from a proxy on this host or a private network; from anyone else
    // it would let a client pick its own IP (and so dodge per-IP rate limits or fake the consent record).
    trustProxy: ["loopback", "linklocal", "uniquelocal", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"],
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });

  const catalog = createCatalogCache(database.db, database.listen);
  const redis = env.redisUrl ? createRedisClient(env.redisUrl, app.log) : null;
  const store: RateLimitStore = redis ? { kind: "redis", client: redis.client, prefix: rateLimitPrefix } : { kind: "memory" };
  const rateLimiters = createRateLimiterFactory(store);
  const images = createPictureStore(env);
  const mailer = createMailer({ from: env.mailFrom, smtpUrl: env.smtpUrl, outboxDir: env.outboxDir, log: app.log });
  const config: ApiDeps["config"] = {
    shopName: env.shopName,
    publicUrl: env.publicUrl,
    internalUrl: env.internalUrl,
    jwtSecret: env.jwtSecret,
    dataDir: env.dataDir,
    payments: env.payments,
    cancelWindowMinutes: env.cancelWindowMinutes,
    invoicePrefix: env.invoicePrefix,
    supplier: env.supplier,
  };
  const deps: ApiDeps = {
    db: database.db,
    catalog,
    images,
    log: app.log,
    limits: createLimits(rateLimiters),
    rateLimiters,
    mailer,
    outbox: createShopOutbox({ db: database.db, config, log: app.log, mailer }, { retryBaseMs: env.mailRetryMs }),
    config,
  };
  app.decorate("deps", deps);
  // The port may be chosen at listen time (PORT=0 in tests): the sandbox gateway must call the real one.
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (address && typeof address === "object") deps.config.internalUrl = internalUrlOf(address.address, address.port);
  });
  app.addHook("onReady", async () => {
    await redis?.start();
    await catalog.start();
    // Every server sends the outbox's mail (claims keep two from sending one mail).
    deps.outbox.start();
  });
  app.addHook("onClose", async () => {
    await catalog.stop();
    // Mails being sent finish; what is left waits in the outbox for the next server.
    await deps.outbox.stop();
    await deps.mailer.close();
    await redis?.stop();
    if ("client" in images) images.client.destroy();
  });

  app.addHook("onRequest", (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });

  // Third-party plugins first, then the app's own.
  await app.register(fastifyCompress, { global: true, threshold: MIN_COMPRESSED_BYTES });
  registerInMemoryCompression(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { https: env.publicUrl.startsWith("https:") });
  registerCatalogAnswers(app);
  // REST (and tRPC mutation) input: params, query and parsed body, before any handler queries with it.
  app.addHook("preHandler", (req, _reply, done) => {
    try {
      assertNoNul([req.params, req.query, req.body]);
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
      done(new AppError("BAD_REQUEST", "The request body is not JSON: send JSON, with Content-Type: application/json"), undefined);
    }
  });
  const allowedMethods = trackApiMethods(app);
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  await app.register(healthPlugin, { ping: () => database.ping(), draining: () => draining });
  await app.register(trpcPlugin);
  await app.register(restPlugin);
  await app.register(imagesPlugin, { store: images, diskDir: images.kind === "disk" ? env.imagesDir : undefined, publicUrl: env.imagesPublicUrl });
  await app.register(crawlerRoutes, { publicUrl: env.publicUrl });
  await app.register(webClientPlugin, { webDistDir: env.webDistDir, site: { shopName: env.shopName, publicUrl: env.publicUrl, testPaymentsBanner: env.testPaymentsBanner, cancelWindowMinutes: env.cancelWindowMinutes, imagesPublicUrl: env.imagesPublicUrl },
    allowedMethods,
  });
  return app;
}
