import type { Db } from "@mithai/db/client";
import type { PaymentsMode, WhatsappMode } from "@mithai/schema";
import type { CatalogCache } from "./catalog/cache";
import type { ImageStore } from "./catalog/image-store";
import type { Limits } from "./limits";
import type { Mailer } from "./mail/mailer";
import type { MailOutbox } from "./mail/outbox";
import type { WhatsappTemplateNames } from "./notify/whatsapp/templates";
import type { HealthProbes } from "./health/probes";
import type { ShopMetrics } from "./metrics";
import type { RateLimiterFactory } from "./rate-limit";

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** Settings the domain services need; the server's env.ts fills them in. */
export interface ApiConfig {
  shopName: string;
  publicUrl: string;
  /** Where this process itself answers (http://127.0.0.1:PORT): the sandbox gateway calls back into it. */
  internalUrl: string;
  jwtSecret: string;
  dataDir: string;
  payments: PaymentsConfig;
  /** Who sells, as the tax invoice names them (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_STATE, SHOP_GSTIN). */
  supplier: SupplierConfig;
  /** INVOICE_PREFIX: invoices are numbered `{prefix}/{yy-yy}/{serial}`, credit notes `{prefix}C/{yy-yy}/{serial}`. */
  invoicePrefix: string;
  /** Minutes after payment in which a customer may cancel an order not yet started (0 = cancelling online is off). */
  cancelWindowMinutes: number;
  /** PAYMENT_WINDOW_MINUTES: how long an unpaid order holds its stock, promo use and discount slot before it expires. */
  paymentWindowMinutes: number;
  /** Order updates on WhatsApp for customers who opt in (WHATSAPP_* settings). */
  whatsapp: WhatsappConfig;
}

export interface WhatsappConfig {
  /** cloud: the WhatsApp Business Cloud API; sandbox: kept in the database (no token, not production); off: not offered. */
  mode: WhatsappMode;
  /** The Cloud API: WHATSAPP_API_URL (the Graph API's versioned URL), WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN (cloud mode). */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** WHATSAPP_TEMPLATE_*: the approved templates' names, and the language they were approved in. */
  templates: WhatsappTemplateNames;
  language: string;
  /** How long one call to the Cloud API may take before it counts as failed (and is retried); tests shorten it. */
  timeoutMs?: number;
}

export interface SupplierConfig {
  legalName: string;
  address: string;
  state: string;
  /** Without one the shop is not registered for GST: its documents are bills of supply, without tax. */
  gstin: string | undefined;
}

export interface PaymentsConfig {
  /** sandbox: the built-in Razorpay-compatible fake; razorpay: the real provider. */
  mode: PaymentsMode;
  keyId: string;
  keySecret: string;
  /** Unset only in razorpay mode without RAZORPAY_WEBHOOK_SECRET: every webhook is then refused (503). */
  webhookSecret: string | undefined;
  /**
   * Sandbox mode only: how long the fake gateway waits before sending its webhook (default 0, at once).
   * Real webhooks arrive some seconds after the payment; a delay shows verify and the reconciler working alone.
   */
  sandboxWebhookDelayMs?: number;
  /** Sandbox mode only: whether the fake bank processes refunds (default) or fails them (to try the failure path). */
  sandboxRefundOutcome?: "processed" | "failed";
  /** How long a call to the provider may take before it counts as unanswered (default PROVIDER_TIMEOUT_MS; tests shorten it). */
  providerTimeoutMs?: number;
}

/** Long-lived things every request shares. */
export interface ApiDeps {
  db: Db;
  config: ApiConfig;
  log: Logger;
  /** Sends mail; only the outbox worker calls it. */
  mailer: Mailer;
  /** The mail outbox's worker: services write outbox rows and `wake` it. */
  outbox: MailOutbox;
  catalog: CatalogCache;
  /** Product pictures: the local disk, or S3-compatible object storage shared by every server. */
  images: ImageStore;
  /** The shop's rate limits (in Redis when several servers share them). */
  limits: Limits;
  /** What made `limits`; tests reset it. */
  rateLimiters: RateLimiterFactory;
  /** The shop's counters (orders, refunds) for the server's metrics; NO_METRICS in tests and tools. */
  metrics: ShopMetrics;
  /** What the running server tells about itself for the health report (its reconciler, disk, Redis, storage). */
  health: HealthProbes;
}

export type { AuthSession, RequestContext } from "./request-context";

declare module "./request-context" {
  /** The server's dependencies, on every request's context (see request-context.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the members come from ApiDeps
  interface RequestContext extends ApiDeps {}
}
