import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { createAccountLimits } from "@mithai/api/accounts/limits";
import type { ApiDeps } from "@mithai/api/context";
import { createCatalogCache } from "@mithai/api/catalog/cache";
import { createMailer } from "@mithai/api/mail/mailer";
import { assertNoNul } from "@mithai/api/nul-text";
import type { DbHandle } from "@mithai/db/client";
import { internalUrlOf, type Env } from "./env";
import { registerErrorHandler } from "./plugins/errors";
import { healthPlugin } from "./plugins/health";
import { imagesPlugin, webClientPlugin } from "./plugins/static-files";
import { trpcPlugin } from "./plugins/trpc";
import { restPlugin } from "./rest/index";

export interface BuildAppOptions {
  env: Env;
  database: DbHandle;
  logger?: FastifyServerOptions["logger"];
}

/** The whole HTTP surface as one Fastify instance; server.ts only listens and closes it. */
export async function buildApp({ env, database, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });

  const catalog = createCatalogCache(database.db, database.listen);
  const deps: ApiDeps = {
    db: database.db,
    catalog,
    log: app.log,
    accountLimits: createAccountLimits(),
    mailer: createMailer({ from: env.mailFrom, smtpUrl: env.smtpUrl, outboxDir: env.outboxDir, log: app.log }),
    config: {
      shopName: env.shopName,
      publicUrl: env.publicUrl,
      internalUrl: env.internalUrl,
      jwtSecret: env.jwtSecret,
      dataDir: env.dataDir,
      imagesDir: env.imagesDir,
      payments: env.payments,
    },
  };
  app.decorate("deps", deps);
  // The port may be chosen at listen time (PORT=0 in tests): the sandbox gateway must call the real one.
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (address && typeof address === "object") deps.config.internalUrl = internalUrlOf(address.address, address.port);
  });
  app.addHook("onReady", () => catalog.start());
  app.addHook("onClose", () => catalog.stop());

  // Third-party plugins first, then the app's own.
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  registerErrorHandler(app);
  // REST (and tRPC mutation) input: params, query and parsed body, before any handler queries with it.
  app.addHook("preHandler", async (req) => assertNoNul([req.params, req.query, req.body]));
  await app.register(healthPlugin, { ping: () => database.ping() });
  await app.register(trpcPlugin);
  await app.register(restPlugin);
  await app.register(imagesPlugin, { imagesDir: env.imagesDir });
  await app.register(webClientPlugin, { webDistDir: env.webDistDir, shopName: env.shopName });
  return app;
}
