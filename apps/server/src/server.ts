import { seedDemoCatalog, startReconciler } from "@mithai/api";
import { createDb, type DbHandle } from "@mithai/db/client";
import { EmbeddedDatabaseInUseError } from "@mithai/db/pglite-lock";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { users } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { buildApp } from "./app";
import { handleUnhandledRejection } from "./database-rejections";
import { startDailyBackups } from "./backup/daily";
import { backupSourcesOf } from "./backup/make-backup";
import { startHealthWatch } from "./operations/health-watch";
import { EnvError, loadEnv, type Env } from "./env";
import { loggerOptions, SHOP_ADDRESS_FILE, startMessage, type ShopAddress } from "./logging";

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

  // shutdown reads these and may run on a signal while listen() is awaited, before they are assigned.
  /* eslint-disable prefer-const */
  let reconciler: ReturnType<typeof startReconciler> | undefined;
  let healthWatch: ReturnType<typeof startHealthWatch> | undefined;
  let dailyBackups: ReturnType<typeof startDailyBackups> | undefined;
  /* eslint-enable prefer-const */
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
      await healthWatch?.stop();
      await dailyBackups?.stop();
      // No new connections from here; requests under way finish, then the mails being sent (onClose).
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("unhandledRejection", handleUnhandledRejection(app.log));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.port, host: env.host });
  // Pending orders whose browser never came back are settled with the provider (the gateway must be reachable first).
  reconciler = startReconciler(app.deps, { intervalMs: env.reconcileIntervalMs, reconcileAfterMs: env.reconcileAfterMs, onPass: (pass) => app.operations.reconcilerPassed(pass) });
  healthWatch = startHealthWatch(app.deps);
  if (env.backups.dir) {
    mkdirSync(env.backups.dir, { recursive: true });
    const sources = backupSourcesOf(env, database, app.deps.images);
    dailyBackups = startDailyBackups({ db: database.db, sources, dir: env.backups.dir, keep: env.backups.keep, log: app.log, made: (ok) => app.operations.backupMade(ok) });
  }
  if (env.testPaymentsBanner) {
    app.log.warn("ALLOW_SANDBOX_PAYMENTS=true in production: payments are tests that take no money; every page says so.");
  }
  if (env.payments.mode === "razorpay" && !env.payments.webhookSecret) {
    app.log.warn("RAZORPAY_WEBHOOK_SECRET is not set: the payment webhook refuses every event (503); payments are confirmed by verify and the reconciler only.");
  }
  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  try {
    mkdirSync(env.dataDir, { recursive: true });
    writeFileSync(path.join(env.dataDir, SHOP_ADDRESS_FILE), JSON.stringify({ pid: process.pid, url: env.publicUrl } satisfies ShopAddress));
  } catch (error) {
    app.log.debug({ err: error }, "could not note the shop's address in DATA_DIR");
  }
  for (const line of startMessage(env, database.kind, { adminExists: Boolean(admin) })) app.log.info(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
