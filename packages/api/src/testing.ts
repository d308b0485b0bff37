import type { Db } from "@mithai/db/client";
import { createCatalogCache } from "./catalog/cache";
import type { ApiConfig, AuthSession, Logger, RequestContext } from "./context";
import { AppError } from "./errors";
import { createLimits } from "./limits";
import { withBackgroundSending, type MailMessage } from "./mail/mailer";
import { createRateLimiterFactory } from "./rate-limit";

export const TEST_CONFIG: ApiConfig = {
  shopName: "Mithai",
  publicUrl: "https://shop.example.in",
  internalUrl: "http://127.0.0.1:3000",
  jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
  dataDir: "/nonexistent/data",
  imagesDir: "/nonexistent/images",
  payments: { mode: "sandbox", keyId: "rzp_test_key", keySecret: "test_key_secret", webhookSecret: "test_webhook_secret" },
};

export const silentLog: Logger = { info() {}, warn() {}, error() {} };

/** A request context for calling services and routers directly; mails land in `sent`. */
export function createTestContext(db: Db, overrides: { auth?: AuthSession | null; ip?: string } = {}): RequestContext & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const rateLimiters = createRateLimiterFactory({ kind: "memory" });
  return {
    db,
    config: TEST_CONFIG,
    log: silentLog,
    mailer: withBackgroundSending(silentLog, async (message) => {
      sent.push(message);
    }),
    limits: createLimits(rateLimiters),
    rateLimiters,
    // One process in a test: local invalidation is all it needs, so nothing listens for other processes.
    catalog: createCatalogCache(db, async () => async () => {}),
    auth: overrides.auth ?? null,
    ip: overrides.ip ?? "203.0.113.7",
    userAgent: "vitest",
    sent,
  };
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
