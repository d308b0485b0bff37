import { randomUUID } from "node:crypto";
import { DEFAULT_PAYMENT_WINDOW_MINUTES, sandboxOrderInputSchema, sandboxRefundInputSchema, sandboxRefundListQuerySchema } from "@mithai/schema";
import type { Db, DbHandle } from "@mithai/db/client";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { orders } from "@mithai/db/schema";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCatalogCache } from "./catalog/cache";
import { createDiskImageStore } from "./catalog/image-store";
import type { ApiConfig, AuthSession, Logger, RequestContext } from "./context";
import { AppError } from "./errors";
import { createLimits } from "./limits";
import { createShopOutbox } from "./mail/kinds";
import { QUIET_PROBES } from "./health/probes";
import { NO_METRICS } from "./metrics";
import { DEFAULT_WHATSAPP_API_URL } from "./notify/whatsapp/cloud-api";
import { DEFAULT_WHATSAPP_LANGUAGE, DEFAULT_WHATSAPP_TEMPLATE_NAMES } from "./notify/whatsapp/templates";
import type { Mailer, MailMessage } from "./mail/mailer";
import { createRazorpayClient } from "./payments/razorpay-client";
import {
  createSandboxOrder,
  createSandboxRefund,
  fetchSandboxOrderPayments,
  fetchSandboxPaymentRefunds,
  fetchSandboxRefund,
} from "./payments/sandbox-gateway";
import { createRateLimiterFactory } from "./rate-limit";

export { pdfFonts, pdfQrCodes, pdfText } from "./pdf-testing";

export const TEST_CONFIG: ApiConfig = {
  shopName: "Mithai",
  publicUrl: "https://shop.example.in",
  internalUrl: "http://127.0.0.1:3000",
  jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
  dataDir: "/nonexistent/data",
  payments: { mode: "sandbox", keyId: "rzp_test_key", keySecret: "test_key_secret", webhookSecret: "test_webhook_secret" },
  cancelWindowMinutes: 60,
  paymentWindowMinutes: DEFAULT_PAYMENT_WINDOW_MINUTES,
  invoicePrefix: "MTH",
  supplier: { legalName: "Mithai Sweets Pvt Ltd", address: "4-1-12 Abids Road, Hyderabad 500001", state: "Telangana", gstin: "36AABCM1234F1Z5" },
  whatsapp: { mode: "sandbox", apiUrl: DEFAULT_WHATSAPP_API_URL, phoneNumberId: "", token: "", templates: DEFAULT_WHATSAPP_TEMPLATE_NAMES, language: DEFAULT_WHATSAPP_LANGUAGE },
};

export const silentLog: Logger = { info() {}, warn() {}, error() {} };

/**
 * A request context for calling services and routers directly. Its outbox worker is not started: a test sends what
 * is due with `ctx.outbox.drain()`, and the mails land in `sent` (a test may swap `ctx.mailer` for a failing one).
 */
export function createTestContext(db: Db, overrides: { auth?: AuthSession | null; ip?: string } = {}): RequestContext & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const rateLimiters = createRateLimiterFactory({ kind: "memory" });
  const ctx: RequestContext & { sent: MailMessage[] } = {
    db,
    config: TEST_CONFIG,
    log: silentLog,
    mailer: {
      async send(message) {
        sent.push(message);
      },
      async close() {},
    } satisfies Mailer,
    // Replaced below: the worker reads `ctx.mailer` when it sends, so a test can swap the mailer.
    outbox: undefined as never,
    limits: createLimits(rateLimiters),
    rateLimiters,
    metrics: NO_METRICS,
    health: QUIET_PROBES,
    // One process in a test: local invalidation is all it needs, so nothing listens for other processes.
    catalog: createCatalogCache(db, async () => async () => {}),
    images: createDiskImageStore(path.join(tmpdir(), "mithai-test-images")),
    auth: overrides.auth ?? null,
    ip: overrides.ip ?? "203.0.113.7",
    userAgent: "vitest",
    sent,
  };
  ctx.outbox = createShopOutbox({
    db,
    config: TEST_CONFIG,
    log: silentLog,
    get mailer() {
      return ctx.mailer;
    },
  });
  return ctx;
}

let emailCounter = 0;
/** An e-mail no other test uses. */
export const uniqueEmail = (prefix = "person") => `${prefix}${Date.now()}${emailCounter++}@example.in`;

/** The AppError a promise is rejected with; fails when it resolves or rejects with anything else. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ("error" in outcome && outcome.error instanceof AppError) return outcome.error;
  throw new Error(`expected an AppError, got ${"error" in outcome ? String(outcome.error) : "success"}`);
}

/**
 * The header of a lossless WebP claiming width × height pixels, padded to 10 KB: all that sharp's metadata reads,
 * and what a picture-bomb upload looks like (decoding it would need width × height × 4 bytes).
 */
export function losslessWebpHeader(width: number, height: number): Buffer {
  const u32 = (n: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(n);
    return bytes;
  };
  // VP8L: signature byte, then 14 bits of width - 1 and 14 of height - 1; chunks are of even length.
  const payload = Buffer.concat([Buffer.from([0x2f]), u32(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)), Buffer.alloc(10 * 1024 + 1)]);
  const chunk = Buffer.concat([Buffer.from("VP8L"), u32(payload.length), payload]);
  return Buffer.concat([Buffer.from("RIFF"), u32(4 + chunk.length), Buffer.from("WEBP"), chunk]);
}

/**
 * Points the Razorpay SDK of TEST_CONFIG at the sandbox gateway's functions in this process (no HTTP server): the
 * real SDK's calls reach the same fake the server hosts in sandbox mode. Errors answer as Razorpay's do.
 */
export function routeProviderToSandbox(db: Db): void {
  type Call = { method?: string; url?: string; data?: string; params?: Record<string, unknown> };
  const http = (createRazorpayClient(TEST_CONFIG).api as unknown as { rq: { defaults: { adapter: unknown } } }).rq;
  const routes: [method: string, path: RegExp, answer: (id: string, body: unknown, query: Record<string, unknown>) => Promise<unknown>][] = [
    ["post", /^\/v1\/orders$/, (_id, body) => createSandboxOrder(db, sandboxOrderInputSchema.parse(body))],
    ["get", /^\/v1\/orders\/([^/]+)\/payments$/, (id) => fetchSandboxOrderPayments(db, id)],
    ["post", /^\/v1\/payments\/([^/]+)\/refund$/, async (id, body) => (await createSandboxRefund(db, TEST_CONFIG.payments, id, sandboxRefundInputSchema.parse(body))).refund],
    ["get", /^\/v1\/payments\/([^/]+)\/refunds$/, (id, _body, query) => fetchSandboxPaymentRefunds(db, id, sandboxRefundListQuerySchema.parse(query))],
    ["get", /^\/v1\/refunds\/([^/]+)$/, (id) => fetchSandboxRefund(db, id)],
  ];
  http.defaults.adapter = async (call: Call) => {
    for (const [method, path, answer] of routes) {
      const match = call.method === method ? path.exec(call.url ?? "") : null;
      if (!match) continue;
      try {
        return { data: await answer(match[1] ?? "", call.data ? JSON.parse(call.data) : undefined, call.params ?? {}), status: 200, statusText: "OK", headers: {}, config: call };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw Object.assign(new Error(error.message), { response: { status: error.httpStatus, data: { error: { code: "BAD_REQUEST_ERROR", description: error.message } } } });
      }
    }
    throw new Error(`the test sandbox has no ${call.method} ${call.url}`);
  };
}

export const testAddress = { fullName: "Asha Rao", email: "asha@example.in", street: "9 Lake Road", city: "Kolkata", state: "West Bengal", pincode: "700029", country: "India", mobile: "9830012345" };

/** An order as `place` leaves it: pending, with a provider order id; `kilos` of one ₹100 item unless `extra` says otherwise. */
export async function insertPendingOrder(db: Db, userId: string, itemId: string, kilos = 2, extra: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      items: [{ foodItemId: itemId, name: "Test Sweet 0", quantity: kilos, unitPricePaise: 10_000, image: "test.webp" }],
      subtotalPaise: kilos * 10_000,
      amountPaise: kilos * 10_000,
      address: testAddress,
      razorpayOrderId: `order_${randomUUID().replaceAll("-", "").slice(0, 14)}`,
      ...extra,
    })
    .returning();
  return order!;
}

/**
 * A fresh database for a domain test: a request context on it, `items` sweets on the menu, and (with `sandbox`) the
 * real Razorpay SDK reaching the sandbox gateway in this process.
 */
export async function openDomainTestDb(items: number, options: { sandbox?: boolean } = {}) {
  const handle: DbHandle = await createTestDb();
  const ctx = createTestContext(handle.db);
  if (options.sandbox) routeProviderToSandbox(handle.db);
  const itemIds = await insertTestFoodItems(handle.db, items);
  return { handle, ctx, itemIds };
}
