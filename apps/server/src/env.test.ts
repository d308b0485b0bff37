import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";
import { temporaryFolders } from "./folders-testing";

const dataDir = temporaryFolders("mithai-env-");

describe("environment", () => {
  it("has working defaults: port 3000, embedded database, sandbox payments, generated JWT secret kept in DATA_DIR", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.pgliteDir).toBe(path.join(dir, "pglite"));
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.payments).toMatchObject({ mode: "sandbox", sandboxWebhookDelayMs: 0 });
    expect(env.testPaymentsBanner).toBe(false);
    expect(env.reconcileAfterMs).toBe(5 * 60_000);
    expect(env.reconcileIntervalMs).toBe(60_000);
    expect(env.seedDemo).toBe(true);
    expect(env.shopName).toBe("Mithai");
    expect(env.redisUrl).toBeUndefined();
    expect(env.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8")).toBe(env.jwtSecret);
    expect(loadEnv({ DATA_DIR: dir }).jwtSecret).toBe(env.jwtSecret);
  });

  it("serves metrics on 127.0.0.1:9464 by default, or where METRICS_HOST/METRICS_PORT say, or not at all; tracing and daily backups only when asked", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect(defaults.metrics).toEqual({ host: "127.0.0.1", port: 9464 });
    expect(defaults.tracing).toBeNull();
    expect(defaults.backups).toEqual({ dir: null, keep: 7 });
    expect(loadEnv({ DATA_DIR: dataDir(), METRICS_PORT: "0", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({ host: "0.0.0.0", port: 0 });
    expect(loadEnv({ DATA_DIR: dataDir(), METRICS_PORT: "off" }).metrics).toBeNull();
    expect(loadEnv({ DATA_DIR: dataDir(), OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({ endpoint: "http://collector:4318", serviceName: "mithai" });
    expect(loadEnv({ DATA_DIR: dataDir(), BACKUP_DIR: "backups", BACKUP_KEEP: "3" }).backups).toEqual({ dir: path.resolve("backups"), keep: 3 });
    for (const [name, value] of [
      ["METRICS_PORT", "70000"],
      ["METRICS_PORT", "on"],
      ["OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"],
      ["BACKUP_KEEP", "0"],
    ] as const) {
      expect(() => loadEnv({ DATA_DIR: dataDir(), [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
    }
  });

  it("switches to razorpay mode when keys are set", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" });
    expect(env.payments).toEqual({ mode: "razorpay", keyId: "rzp_live_x", keySecret: "s", webhookSecret: "w", sandboxWebhookDelayMs: 0 });
  });

  it("never falls back to a sandbox secret in razorpay mode: no webhook secret stays unset", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s" });
    expect(env.payments).toMatchObject({ mode: "razorpay", keySecret: "s", webhookSecret: undefined });
  });

  it("makes the sandbox's secrets once per installation: random, kept in DATA_DIR, never the same for two shops", () => {
    const one = dataDir();
    const first = loadEnv({ DATA_DIR: one }).payments;
    const again = loadEnv({ DATA_DIR: one }).payments;
    const other = loadEnv({ DATA_DIR: dataDir() }).payments;
    expect(first.keyId).toMatch(/^rzp_test_[\w-]{10,}$/);
    expect(first.keySecret.length).toBeGreaterThanOrEqual(32);
    expect(first.webhookSecret!.length).toBeGreaterThanOrEqual(32);
    expect(first.keySecret).not.toBe(first.webhookSecret);
    expect(again).toEqual(first);
    expect(readFileSync(path.join(one, "sandbox-key-secret"), "utf8")).toBe(first.keySecret);
    expect(other.keyId).not.toBe(first.keyId);
    expect(other.keySecret).not.toBe(first.keySecret);
    expect(other.webhookSecret).not.toBe(first.webhookSecret);
  });

  it("keeps sandbox keys a test gives it, so the test can sign with them", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RAZORPAY_KEY_SECRET: "known-secret", RAZORPAY_WEBHOOK_SECRET: "known-webhook" });
    expect(env.payments).toMatchObject({ mode: "sandbox", keySecret: "known-secret", webhookSecret: "known-webhook" });
  });

  it("runs sandbox payments in production only when told so on purpose, and then shows the test-payments banner", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", JWT_SECRET: "x".repeat(40), ALLOW_SANDBOX_PAYMENTS: "true" });
    expect(env.payments.mode).toBe("sandbox");
    expect(env.testPaymentsBanner).toBe(true);
    const live = loadEnv({
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "s",
      RAZORPAY_WEBHOOK_SECRET: "w",
    });
    expect(live.testPaymentsBanner).toBe(false);
  });

  it("takes the reconciler's timings and the sandbox webhook delay in whole seconds", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), RECONCILE_AFTER_SECONDS: "90", RECONCILE_INTERVAL_SECONDS: "15", SANDBOX_WEBHOOK_DELAY_SECONDS: "3" });
    expect(env.reconcileAfterMs).toBe(90_000);
    expect(env.reconcileIntervalMs).toBe(15_000);
    expect(env.payments.sandboxWebhookDelayMs).toBe(3000);
  });

  it("prepares the hot queries unless told not to (a pooler without named prepared statements)", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).databasePreparedStatements).toBe(true);
    expect(loadEnv({ DATA_DIR: dataDir(), DATABASE_PREPARED_STATEMENTS: "false" }).databasePreparedStatements).toBe(false);
    expect(loadEnv({ DATA_DIR: dataDir(), DATABASE_PREPARED_STATEMENTS: "true" }).databasePreparedStatements).toBe(true);
  });

  it("takes a Redis URL for the shared rate limits", () => {
    expect(loadEnv({ DATA_DIR: dataDir(), REDIS_URL: "redis://cache.internal:6379/2" }).redisUrl).toBe("redis://cache.internal:6379/2");
  });

  it("keeps pictures on the disk without S3_BUCKET, and in the bucket with it (path-style addresses for a self-hosted endpoint)", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).pictureStore).toEqual({ kind: "disk" });
    const env = loadEnv({
      DATA_DIR: dataDir(),
      S3_BUCKET: "mithai-pictures",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      IMAGES_PUBLIC_URL: "https://cdn.example.in/pictures/",
    });
    expect(env.pictureStore).toEqual({
      kind: "s3",
      s3: { bucket: "mithai-pictures", endpoint: "http://minio:9000", region: "us-east-1", credentials: { accessKeyId: "key", secretAccessKey: "secret" }, forcePathStyle: true, timeoutMs: 15_000 },
    });
    expect(env.imagesPublicUrl).toBe("https://cdn.example.in/pictures");
    const aws = loadEnv({ DATA_DIR: dataDir(), S3_BUCKET: "mithai-pictures", S3_REGION: "ap-south-1" }).pictureStore;
    expect(aws).toMatchObject({ s3: { endpoint: undefined, region: "ap-south-1", credentials: undefined, forcePathStyle: false } });
  });

  it("REDIS_TIMEOUT_MS and STORAGE_TIMEOUT_MS: 250 and 15000 by default, whole milliseconds in range", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect([defaults.redisTimeoutMs, defaults.storageTimeoutMs]).toEqual([250, 15_000]);
    const set = loadEnv({ DATA_DIR: dataDir(), REDIS_TIMEOUT_MS: "100", STORAGE_TIMEOUT_MS: "5000", S3_BUCKET: "mithai-pictures" });
    expect([set.redisTimeoutMs, set.storageTimeoutMs]).toEqual([100, 5000]);
    expect(set.pictureStore).toMatchObject({ s3: { timeoutMs: 5000 } });
    expect(() => loadEnv({ DATA_DIR: dataDir(), REDIS_TIMEOUT_MS: "soon" })).toThrow(/REDIS_TIMEOUT_MS/);
    expect(() => loadEnv({ DATA_DIR: dataDir(), STORAGE_TIMEOUT_MS: "0" })).toThrow(/STORAGE_TIMEOUT_MS/);
  });

  it.each([
    [{ S3_BUCKET: "Mithai_Pictures" }, "S3_BUCKET"],
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_BUCKET"],
    [{ IMAGES_PUBLIC_URL: "https://cdn.example.in" }, "S3_BUCKET"],
    [{ S3_BUCKET: "pictures", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY"],
    [{ S3_BUCKET: "pictures", S3_SECRET_ACCESS_KEY: "secret" }, "S3_ACCESS_KEY_ID"],
    [{ S3_BUCKET: "pictures", S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [{ S3_BUCKET: "pictures", IMAGES_PUBLIC_URL: "ftp://cdn.example.in" }, "IMAGES_PUBLIC_URL"],
    [{ SHUTDOWN_DRAIN_SECONDS: "61" }, "SHUTDOWN_DRAIN_SECONDS"],
  ])("refuses half or wrong picture-store settings, naming the variable: %o", (vars, name) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it("sends WhatsApp messages through the Cloud API with a token, keeps them in the sandbox without one, and offers none in production without one", () => {
    const sandbox = loadEnv({ DATA_DIR: dataDir() }).whatsapp;
    expect(sandbox).toEqual({
      mode: "sandbox",
      apiUrl: "https://graph.facebook.com/v21.0",
      phoneNumberId: "",
      token: "",
      templates: { receipt: "order_receipt", status: "order_status", cancelled: "order_cancelled", refund: "refund_processed" },
      language: "en",
    });
    const cloud = loadEnv({
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(32),
      ALLOW_SANDBOX_PAYMENTS: "true",
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_API_URL: "https://graph.facebook.com/v22.0/",
      WHATSAPP_TEMPLATE_RECEIPT: "mithai_receipt",
      WHATSAPP_TEMPLATE_LANGUAGE: "en_IN",
    }).whatsapp;
    expect(cloud).toMatchObject({ mode: "cloud", token: "EAAG-token", phoneNumberId: "106540352242922", apiUrl: "https://graph.facebook.com/v22.0", language: "en_IN" });
    expect(cloud.templates).toMatchObject({ receipt: "mithai_receipt", status: "order_status" });
    expect(loadEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", JWT_SECRET: "x".repeat(32), ALLOW_SANDBOX_PAYMENTS: "true" }).whatsapp.mode).toBe("off");
  });

  it.each([
    [{ WHATSAPP_TOKEN: "EAAG-token" }, "WHATSAPP_PHONE_NUMBER_ID"],
    [{ WHATSAPP_PHONE_NUMBER_ID: "106540352242922" }, "WHATSAPP_TOKEN"],
    [{ WHATSAPP_TOKEN: "EAAG-token", WHATSAPP_PHONE_NUMBER_ID: "+91 98450 12345" }, "WHATSAPP_PHONE_NUMBER_ID"],
    [{ WHATSAPP_API_URL: "graph.facebook.com" }, "WHATSAPP_API_URL"],
    [{ WHATSAPP_TEMPLATE_STATUS: "Order Status" }, "WHATSAPP_TEMPLATE_STATUS"],
    [{ WHATSAPP_TEMPLATE_LANGUAGE: "english" }, "WHATSAPP_TEMPLATE_LANGUAGE"],
  ])("refuses half or wrong WhatsApp settings, naming the variable: %o", (vars, name) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it.each([
    [{ REDIS_URL: "http://cache.internal:6379" }, "REDIS_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL"],
    [{ DATABASE_PREPARED_STATEMENTS: "no" }, "DATABASE_PREPARED_STATEMENTS"],
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
    // No keys in production would mean sandbox payments: anyone could sign their own payment.
    [{ NODE_ENV: "production", JWT_SECRET: "x".repeat(40) }, "ALLOW_SANDBOX_PAYMENTS"],
    [{ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), ALLOW_SANDBOX_PAYMENTS: "false" }, "ALLOW_SANDBOX_PAYMENTS"],
    [{ ALLOW_SANDBOX_PAYMENTS: "yes" }, "ALLOW_SANDBOX_PAYMENTS"],
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
