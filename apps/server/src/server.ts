import { seedDemoCatalog } from "@mithai/api/catalog/demo-seed";
import { startReconciler } from "@mithai/api/payments/reconciler";
import { createDb, type DbHandle } from "@mithai/db/client";
import { EmbeddedDatabaseInUseError } from "@mithai/db/pglite-lock";
import { buildApp } from "./app";
import { EnvError, loadEnv, type Env } from "./env";
import { loggerOptions, startMessage } from "./logging";

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: DbHandle;
  try {
    database = createDb({ databaseUrl: env.databaseUrl, pgliteDir: env.pgliteDir, preparedStatements: env.databasePreparedStatements }, env.migrationsFolder);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) {
      console.error(
        `The shop is already running on this database (pid ${error.pid}, ${error.dir}). Stop it first (Ctrl-C where it runs, or kill ${error.pid}), ` +
          "or start this one with another DATA_DIR (a separate shop), or use PostgreSQL (DATABASE_URL) to run several servers on one database.",
      );
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({
    env,
    database,
    logger: loggerOptions(env),
  });

  await database.migrate();
  if (env.seedDemo) {
    const added = await seedDemoCatalog(database.db, app.deps.images, env.demoImagesDir);
    if (added > 0) app.log.info({ added }, "demo catalogue loaded");
  }

  // eslint-disable-next-line prefer-const -- shutdown reads it and may run on a signal while listen() is awaited, before it is assigned
  let reconciler: ReturnType<typeof startReconciler> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: env.shutdownDrainMs / 1000 }, "shutting down");
    const force = setTimeout(() => process.exit(1), env.shutdownDrainMs + 10_000);
    force.unref();
    try {
      // Draining: /readyz says 503 so balancers that ask stop sending; what still arrives meanwhile is served.
      app.startDraining();
      if (env.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, env.shutdownDrainMs));
      await reconciler?.stop();
      // No new connections from here; requests under way finish, then the mails being sent (onClose).
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.port, host: env.host });
  // Pending orders whose browser never came back are settled with the provider (the gateway must be reachable first).
  reconciler = startReconciler(app.deps, { intervalMs: env.reconcileIntervalMs, reconcileAfterMs: env.reconcileAfterMs });
  if (env.testPaymentsBanner) {
    app.log.warn("ALLOW_SANDBOX_PAYMENTS=true in production: payments are tests that take no money; every page says so.");
  }
  if (env.payments.mode === "razorpay" && !env.payments.webhookSecret) {
    app.log.warn("RAZORPAY_WEBHOOK_SECRET is not set: the payment webhook refuses every event (503); payments are confirmed by verify and the reconciler only.");
  }
  for (const line of startMessage(env, database.kind)) app.log.info(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
