import type { Db } from "@mithai/db/client";
import { createAccountLimits } from "./accounts/limits";
import { createCatalogCache } from "./catalog/cache";
import type { ApiConfig, AuthSession, Logger, RequestContext } from "./context";
import type { MailMessage } from "./mail/mailer";

export const TEST_CONFIG: ApiConfig = {
  shopName: "Mithai",
  publicUrl: "https://shop.example.in",
  jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
  dataDir: "/nonexistent/data",
  imagesDir: "/nonexistent/images",
  payments: { mode: "sandbox", keyId: "rzp_test_key", keySecret: "test_key_secret", webhookSecret: "test_webhook_secret" },
};

export const silentLog: Logger = { info() {}, warn() {}, error() {} };

/** A request context for calling services and routers directly; mails land in `sent`. */
export function createTestContext(db: Db, overrides: { auth?: AuthSession | null; ip?: string } = {}): RequestContext & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    db,
    config: TEST_CONFIG,
    log: silentLog,
    mailer: {
      async send(message) {
        sent.push(message);
      },
    },
    accountLimits: createAccountLimits(),
    // One process in a test: local invalidation is all it needs, so nothing listens for other processes.
    catalog: createCatalogCache(db, async () => async () => {}),
    auth: overrides.auth ?? null,
    ip: overrides.ip ?? "203.0.113.7",
    userAgent: "vitest",
    sent,
  };
}
