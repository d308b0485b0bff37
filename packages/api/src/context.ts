import type { Db } from "@mithai/db/client";
import type { Role } from "@mithai/schema/auth";
import type { PaymentsMode } from "@mithai/schema/order";
import type { CatalogCache } from "./catalog/cache";
import type { ImageStore } from "./catalog/image-store";
import type { Limits } from "./limits";
import type { Mailer } from "./mail/mailer";
import type { MailOutbox } from "./mail/outbox";
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
}

export interface AuthSession {
  userId: string;
  role: Role;
}

/** Per-request context for tRPC procedures (and the REST adapters, which build the same thing). */
export interface RequestContext extends ApiDeps {
  auth: AuthSession | null;
  /** The address the server saw the request come from. */
  ip: string;
  userAgent: string;
  /** The id the server logs this request under (absent when a service is called outside a request). */
  requestId?: string;
}
