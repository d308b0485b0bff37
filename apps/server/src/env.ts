import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { S3Settings, WhatsappConfig } from "@mithai/api";
import { DEFAULT_WHATSAPP_API_URL, DEFAULT_WHATSAPP_LANGUAGE, DEFAULT_WHATSAPP_TEMPLATE_NAMES } from "@mithai/api";
import { DEFAULT_PAYMENT_WINDOW_MINUTES, DEFAULT_SHOP_NAME, PAYMENTS_MODES, type PaymentsMode } from "@mithai/schema";

const booleanString = z.enum(["true", "false"]).transform((value) => value === "true");
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const whatsappTemplateName = optionalText.pipe(
  z.string().regex(/^[a-z0-9_]{1,512}$/, "must be a WhatsApp template's name: lower-case letters, digits and underscores").optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // false behind a transaction-mode pooler that keeps no named prepared statements (PgBouncer before 1.21, or max_prepared_statements = 0).
  DATABASE_PREPARED_STATEMENTS: optionalText.pipe(booleanString.optional()),
  DATA_DIR: z.string().min(1).default("./.data"),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PAYMENTS_MODE: optionalText.pipe(z.enum(PAYMENTS_MODES).optional()),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(z.url().optional()),
  MAIL_FROM: optionalText,
  // The wait after a mail's first failed attempt; it doubles with each failure, up to an hour.
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SEED_DEMO: optionalText.pipe(booleanString.optional()),
  SHOP_NAME: z.string().trim().min(1).default(DEFAULT_SHOP_NAME),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // json: one JSON line per entry; pretty: readable lines; unset: pretty in a terminal, JSON otherwise.
  LOG_FORMAT: optionalText.pipe(z.enum(["json", "pretty"]).optional()),
  // Must stay below the reconciler's 30-minute expiry, or unpaid orders would expire before their first check.
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(1799).default(300),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SANDBOX_WEBHOOK_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  // Sandbox only: "failed" makes the fake bank fail every refund (to see and retry a failed refund).
  SANDBOX_REFUND_OUTCOME: optionalText.pipe(z.enum(["processed", "failed"]).optional()),
  // Minutes after payment in which a customer may cancel an order the kitchen has not started (0 = off).
  CANCEL_WINDOW_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  // Minutes an unpaid order holds its stock, promo use and ₹150 discount slot before the reconciler expires it.
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1_440).default(DEFAULT_PAYMENT_WINDOW_MINUTES),
  // The supplier on invoices (DECISIONS): legal name (default SHOP_NAME), address, state (default Telangana), GSTIN.
  SHOP_LEGAL_NAME: optionalText,
  SHOP_ADDRESS: optionalText,
  SHOP_STATE: optionalText,
  SHOP_GSTIN: optionalText.pipe(
    z
      .string()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a 15-character GSTIN such as 36AABCM1234F1Z5 (or unset: not registered for GST)")
      .optional(),
  ),
  // Invoice numbers are {INVOICE_PREFIX}/{yy-yy}/{serial}, at most 16 characters: a short prefix of capitals and digits.
  INVOICE_PREFIX: optionalText.pipe(
    z.string().regex(/^[A-Z0-9]{1,5}$/, "must be 1 to 5 capital letters or digits (invoice numbers are at most 16 characters)").optional(),
  ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  // Connect and command timeout of Redis calls; past it the limits count in this process (a stalled Redis stalls nothing).
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  // How long a call to the picture store may take before the request is answered 503 STORAGE_UNAVAILABLE.
  STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // Pictures in S3-compatible object storage (unset = DATA_DIR/images on this server's disk).
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as http://minio:9000 (or unset for AWS S3)" }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(booleanString.optional()),
  IMAGES_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL where the bucket's pictures can be read" }).optional()),
  // After SIGTERM: how long /readyz answers 503 while the server still serves, before it stops taking connections.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  ALLOW_SANDBOX_PAYMENTS: optionalText.pipe(booleanString.optional()),
  // Prometheus's /metrics on its own address, never the public port; "off" serves none and counts nothing.
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^(off|\d{1,5})$/, "must be a port number (0-65535) or off")
      .transform((value) => (value === "off" ? ("off" as const) : Number(value)))
      .refine((value) => value === "off" || value <= 65535, "must be a port number (0-65535) or off")
      .optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  // Traces go to this OTLP/HTTP collector (the standard OpenTelemetry variable); unset = no tracing, nothing loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL of an OTLP/HTTP collector, such as http://otel-collector:4318" }).optional()),
  OTEL_SERVICE_NAME: optionalText,
  // The server's daily backup goes to this folder (unset = none); the newest BACKUP_KEEP are kept.
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  // Order updates on WhatsApp through the Cloud API (unset token: the sandbox in development, none in production).
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^\d{1,30}$/, "must be the sending number's id from WhatsApp Manager (digits)").optional()),
  WHATSAPP_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://graph.facebook.com/v21.0" }).optional()),
  WHATSAPP_TEMPLATE_RECEIPT: whatsappTemplateName,
  WHATSAPP_TEMPLATE_STATUS: whatsappTemplateName,
  WHATSAPP_TEMPLATE_CANCELLED: whatsappTemplateName,
  WHATSAPP_TEMPLATE_REFUND: whatsappTemplateName,
  WHATSAPP_TEMPLATE_LANGUAGE: optionalText.pipe(z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a template language code such as en or en_US").optional()),
});

/** DECISIONS ("Running the shop"): Prometheus's /metrics on 127.0.0.1:9464 unless METRICS_HOST/METRICS_PORT say otherwise. */
export const DEFAULT_METRICS_PORT = 9464;

/** DECISIONS: invoices are MTH/26-27/1, … unless INVOICE_PREFIX says otherwise. */
export const DEFAULT_INVOICE_PREFIX = "MTH";


export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_PREPARED_STATEMENTS: the hot queries are prepared statements on PostgreSQL (default true). */
  databasePreparedStatements: boolean;
  dataDir: string;
  pgliteDir: string;
  imagesDir: string;
  outboxDir: string;
  webDistDir: string;
  migrationsFolder: string;
  demoImagesDir: string;
  publicUrl: string;
  internalUrl: string;
  jwtSecret: string;
  payments: {
    mode: PaymentsMode;
    keyId: string;
    keySecret: string;
    /** Unset only in razorpay mode without RAZORPAY_WEBHOOK_SECRET: the webhook route then refuses every event. */
    webhookSecret: string | undefined;
    sandboxWebhookDelayMs: number;
    sandboxRefundOutcome?: "processed" | "failed";
  };
  /** A production shop running sandbox payments on purpose: every page says that payments are tests. */
  testPaymentsBanner: boolean;
  /** Pending orders older than this are checked with the payment provider (default 5 minutes). */
  reconcileAfterMs: number;
  /** How often each server runs the reconciler (default 1 minute). */
  reconcileIntervalMs: number;
  smtpUrl: string | undefined;
  /** The outbox's wait after a first failed send (doubling after each further failure). */
  mailRetryMs: number;
  /** CANCEL_WINDOW_MINUTES: how long after payment a customer may cancel (0 = not online). */
  cancelWindowMinutes: number;
  /** PAYMENT_WINDOW_MINUTES: how long an unpaid order holds what it claimed before it expires. */
  paymentWindowMinutes: number;
  invoicePrefix: string;
  supplier: { legalName: string; address: string; state: string; gstin: string | undefined };
  /** Where the rate limits' counts live when several servers share them; unset = this process's memory. */
  redisUrl: string | undefined;
  /** REDIS_TIMEOUT_MS: how long a Redis connect or command may take before this process's limiter decides. */
  redisTimeoutMs: number;
  /** STORAGE_TIMEOUT_MS: how long a picture-store call may take before it is given up (503 STORAGE_UNAVAILABLE). */
  storageTimeoutMs: number;
  /** Where product pictures are kept: `imagesDir` on this disk, or a bucket every server shares. */
  pictureStore: { kind: "disk" } | { kind: "s3"; s3: S3Settings };
  /** IMAGES_PUBLIC_URL: pages point at pictures there directly, and /images/* redirects there. */
  imagesPublicUrl: string | undefined;
  /** After SIGTERM, how long the server keeps serving with /readyz answering 503 before it stops taking connections. */
  shutdownDrainMs: number;
  mailFrom: string;
  seedDemo: boolean;
  shopName: string;
  logLevel: string;
  /** How log lines look; `auto` = readable in a terminal, JSON otherwise (files, containers, log shippers). */
  logFormat: "json" | "pretty" | "auto";
  /** Where /metrics is served (METRICS_HOST, METRICS_PORT; port 0 = any free one); null with METRICS_PORT=off. */
  metrics: { host: string; port: number } | null;
  /** OTLP/HTTP tracing (OTEL_EXPORTER_OTLP_ENDPOINT; the exporter reads the other OTEL_* variables itself); null = off. */
  tracing: { endpoint: string; serviceName: string } | null;
  /** The server's daily backups (BACKUP_DIR, BACKUP_KEEP); `dir` null = none. */
  backups: { dir: string | null; keep: number };
  /** Order updates on WhatsApp (WHATSAPP_*): the Cloud API with a token, else the sandbox (never in production). */
  whatsapp: WhatsappConfig;
}

export class EnvError extends Error {}

// Both src/env.ts (tsx) and dist/server.js (bundle) sit one folder below apps/server.
const appRoot = fileURLToPath(new URL("..", import.meta.url));

/** Reads and checks the environment once; a bad value throws an EnvError naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const raw = parsed.data;
  const production = raw.NODE_ENV === "production";
  const dataDir = path.resolve(raw.DATA_DIR);

  if (production && !raw.JWT_SECRET) {
    throw new EnvError("Invalid environment variable JWT_SECRET: required when NODE_ENV=production");
  }
  const hasRazorpayKeys = Boolean(raw.RAZORPAY_KEY_ID && raw.RAZORPAY_KEY_SECRET);
  const mode: PaymentsMode = raw.PAYMENTS_MODE ?? (hasRazorpayKeys ? "razorpay" : "sandbox");
  if (mode === "razorpay" && !hasRazorpayKeys) {
    throw new EnvError("Invalid environment variable RAZORPAY_KEY_ID: PAYMENTS_MODE=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET");
  }
  if (mode === "razorpay" && production && !raw.RAZORPAY_WEBHOOK_SECRET) {
    throw new EnvError("Invalid environment variable RAZORPAY_WEBHOOK_SECRET: required in production with PAYMENTS_MODE=razorpay");
  }
  // Sandbox payments cost nothing: a production shop takes them only when told so on purpose.
  const allowSandbox = raw.ALLOW_SANDBOX_PAYMENTS ?? false;
  if (mode === "sandbox" && production && !allowSandbox) {
    throw new EnvError(
      "Invalid environment variable ALLOW_SANDBOX_PAYMENTS: NODE_ENV=production refuses sandbox payments; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or ALLOW_SANDBOX_PAYMENTS=true for a shop that takes test payments only",
    );
  }

  return {
    pictureStore: pictureStoreOf(raw),
    imagesPublicUrl: raw.IMAGES_PUBLIC_URL?.replace(/\/+$/, ""),
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_SECONDS * 1000,
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    databaseUrl: raw.DATABASE_URL,
    databasePreparedStatements: raw.DATABASE_PREPARED_STATEMENTS ?? true,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    imagesDir: path.join(dataDir, "images"),
    outboxDir: path.join(dataDir, "outbox"),
    webDistDir: path.resolve(appRoot, "../web/dist"),
    migrationsFolder: path.resolve(appRoot, "../../packages/db/migrations"),
    demoImagesDir: path.resolve(appRoot, "../../packages/db/seed/images"),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    internalUrl: internalUrlOf(raw.HOST, raw.PORT),
    jwtSecret: raw.JWT_SECRET ?? devSecret(dataDir, "jwt-secret"),
    payments: {
      mode,
      ...(mode === "razorpay"
        ? { keyId: raw.RAZORPAY_KEY_ID!, keySecret: raw.RAZORPAY_KEY_SECRET!, webhookSecret: raw.RAZORPAY_WEBHOOK_SECRET }
        : sandboxKeys(dataDir, raw)),
      sandboxWebhookDelayMs: raw.SANDBOX_WEBHOOK_DELAY_SECONDS * 1000,
      sandboxRefundOutcome: raw.SANDBOX_REFUND_OUTCOME,
    },
    testPaymentsBanner: production && mode === "sandbox",
    reconcileAfterMs: raw.RECONCILE_AFTER_SECONDS * 1000,
    reconcileIntervalMs: raw.RECONCILE_INTERVAL_SECONDS * 1000,
    smtpUrl: raw.SMTP_URL,
    mailRetryMs: raw.MAIL_RETRY_SECONDS * 1000,
    cancelWindowMinutes: raw.CANCEL_WINDOW_MINUTES,
    paymentWindowMinutes: raw.PAYMENT_WINDOW_MINUTES,
    invoicePrefix: raw.INVOICE_PREFIX ?? DEFAULT_INVOICE_PREFIX,
    supplier: { legalName: raw.SHOP_LEGAL_NAME ?? raw.SHOP_NAME, address: raw.SHOP_ADDRESS ?? "", state: raw.SHOP_STATE ?? "Telangana", gstin: raw.SHOP_GSTIN },
    redisUrl: raw.REDIS_URL,
    redisTimeoutMs: raw.REDIS_TIMEOUT_MS,
    storageTimeoutMs: raw.STORAGE_TIMEOUT_MS,
    mailFrom: raw.MAIL_FROM ?? `${raw.SHOP_NAME} <no-reply@mithai.local>`,
    seedDemo: raw.SEED_DEMO ?? true,
    shopName: raw.SHOP_NAME,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT ?? "auto",
    metrics: raw.METRICS_PORT === "off" ? null : { host: raw.METRICS_HOST, port: raw.METRICS_PORT ?? DEFAULT_METRICS_PORT },
    tracing: raw.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: raw.OTEL_SERVICE_NAME ?? "mithai" } : null,
    backups: { dir: raw.BACKUP_DIR ? path.resolve(raw.BACKUP_DIR) : null, keep: raw.BACKUP_KEEP },
    whatsapp: whatsappOf(raw, production),
  };
}

/**
 * WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID, checked together: with both, the Cloud API sends; with neither, the
 * sandbox keeps the messages — except in production, where no customer is offered updates nobody would send.
 */
function whatsappOf(raw: z.infer<typeof envSchema>, production: boolean): WhatsappConfig {
  if (Boolean(raw.WHATSAPP_TOKEN) !== Boolean(raw.WHATSAPP_PHONE_NUMBER_ID)) {
    const missing = raw.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN";
    throw new EnvError(`Invalid environment variable ${missing}: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together (or neither, for no WhatsApp messages)`);
  }
  const defaults = DEFAULT_WHATSAPP_TEMPLATE_NAMES;
  return {
    mode: raw.WHATSAPP_TOKEN ? "cloud" : production ? "off" : "sandbox",
    apiUrl: (raw.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, ""),
    phoneNumberId: raw.WHATSAPP_PHONE_NUMBER_ID ?? "",
    token: raw.WHATSAPP_TOKEN ?? "",
    templates: {
      receipt: raw.WHATSAPP_TEMPLATE_RECEIPT ?? defaults.receipt,
      status: raw.WHATSAPP_TEMPLATE_STATUS ?? defaults.status,
      cancelled: raw.WHATSAPP_TEMPLATE_CANCELLED ?? defaults.cancelled,
      refund: raw.WHATSAPP_TEMPLATE_REFUND ?? defaults.refund,
    },
    language: raw.WHATSAPP_TEMPLATE_LANGUAGE ?? DEFAULT_WHATSAPP_LANGUAGE,
  };
}

/** S3_BUCKET and its settings, checked together: a half-configured store stops start-up naming what is missing. */
function pictureStoreOf(raw: z.infer<typeof envSchema>): Env["pictureStore"] {
  if (!raw.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "IMAGES_PUBLIC_URL"] as const).find((name) => raw[name]);
    if (stray) throw new EnvError(`Invalid environment variable S3_BUCKET: required when ${stray} is set (pictures go to S3 only with a bucket)`);
    return { kind: "disk" };
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    const missing = raw.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new EnvError(`Invalid environment variable ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK's own credentials)`);
  }
  return {
    kind: "s3",
    s3: {
      bucket: raw.S3_BUCKET,
      endpoint: raw.S3_ENDPOINT,
      region: raw.S3_REGION ?? "us-east-1",
      credentials: raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY } : undefined,
      // Self-hosted stores (MinIO) answer bucket/key paths; AWS itself prefers bucket host names.
      forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
      timeoutMs: raw.STORAGE_TIMEOUT_MS,
    },
  };
}

/** How the process reaches itself: a wildcard listen address is reached through loopback. */
export function internalUrlOf(host: string, port: number): string {
  const reachable = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * The sandbox's credentials: the given ones (tests sign with known values), otherwise random ones made once
 * per installation. A secret written in the code would let anyone sign a sandbox payment or webhook.
 */
function sandboxKeys(dataDir: string, raw: { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; RAZORPAY_WEBHOOK_SECRET?: string }) {
  return {
    keyId: raw.RAZORPAY_KEY_ID ?? `rzp_test_${devSecret(dataDir, "sandbox-key-id", 10)}`,
    keySecret: raw.RAZORPAY_KEY_SECRET ?? devSecret(dataDir, "sandbox-key-secret"),
    webhookSecret: raw.RAZORPAY_WEBHOOK_SECRET ?? devSecret(dataDir, "sandbox-webhook-secret"),
  };
}

/** A secret generated once and kept in DATA_DIR, so development tokens and sandbox keys survive restarts. */
function devSecret(dataDir: string, name: string, bytes = 48): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": of two processes starting at once on a new DATA_DIR, one writes and both use what it wrote.
    writeFileSync(file, randomBytes(bytes).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
