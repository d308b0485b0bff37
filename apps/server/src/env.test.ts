import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, SANDBOX_KEYS, loadEnv } from "./env";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "mithai-env-"));

describe("environment", () => {
  it("has working defaults: port 3000, embedded database, sandbox payments, generated JWT secret kept in DATA_DIR", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.pgliteDir).toBe(path.join(dir, "pglite"));
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.payments).toEqual({ mode: "sandbox", ...SANDBOX_KEYS, sandboxWebhookDelayMs: 0 });
    expect(env.reconcileAfterMs).toBe(5 * 60_000);
    expect(env.reconcileIntervalMs).toBe(60_000);
    expect(env.seedDemo).toBe(true);
    expect(env.shopName).toBe("Mithai");
    expect(env.redisUrl).toBeUndefined();
    expect(env.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8")).toBe(env.jwtSecret);
    expect(loadEnv({ DATA_DIR: dir }).jwtSecret).toBe(env.jwtSecret);
  });

  it("switches to razorpay mode when keys are set", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" });
    expect(env.payments).toEqual({ mode: "razorpay", keyId: "rzp_live_x", keySecret: "s", webhookSecret: "w", sandboxWebhookDelayMs: 0 });
  });

  it("takes the reconciler's timings and the sandbox webhook delay in whole seconds", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RECONCILE_AFTER_SECONDS: "90", RECONCILE_INTERVAL_SECONDS: "15", SANDBOX_WEBHOOK_DELAY_SECONDS: "3" });
    expect(env.reconcileAfterMs).toBe(90_000);
    expect(env.reconcileIntervalMs).toBe(15_000);
    expect(env.payments.sandboxWebhookDelayMs).toBe(3000);
  });

  it("takes a Redis URL for the shared rate limits", () => {
    expect(loadEnv({ DATA_DIR: dataDir(), REDIS_URL: "redis://cache.internal:6379/2" }).redisUrl).toBe("redis://cache.internal:6379/2");
  });

  it.each([
    [{ REDIS_URL: "http://cache.internal:6379" }, "REDIS_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL"],
    [{ PAYMENTS_MODE: "paypal" }, "PAYMENTS_MODE"],
    [{ PAYMENTS_MODE: "razorpay" }, "RAZORPAY_KEY_ID"],
    [{ SEED_DEMO: "yes" }, "SEED_DEMO"],
    [{ RECONCILE_AFTER_SECONDS: "0" }, "RECONCILE_AFTER_SECONDS"],
    // At 30 minutes unpaid orders expire: they must be checked before that.
    [{ RECONCILE_AFTER_SECONDS: "1800" }, "RECONCILE_AFTER_SECONDS"],
    [{ RECONCILE_INTERVAL_SECONDS: "1.5" }, "RECONCILE_INTERVAL_SECONDS"],
    [{ SANDBOX_WEBHOOK_DELAY_SECONDS: "-1" }, "SANDBOX_WEBHOOK_DELAY_SECONDS"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ NODE_ENV: "production" }, "JWT_SECRET"],
    [{ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), RAZORPAY_KEY_ID: "k", RAZORPAY_KEY_SECRET: "s" }, "RAZORPAY_WEBHOOK_SECRET"],
  ])("stops with a one-line error naming the variable for %o", (vars, name) => {
    let error: unknown;
    try {
      loadEnv({ DATA_DIR: dataDir(), ...vars });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });
});
