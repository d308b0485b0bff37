import { createHash } from "node:crypto";
import { eq } from "@mithai/db/sql";
import { webhookEvents } from "@mithai/db/schema";
import { type RazorpayWebhookEvent, razorpayWebhookEventSchema } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { assertStorableInput } from "../input-guard";
import { settleRefund } from "../refunds/ledger";
import { finalizePaid, recordFailedPayment } from "./finalize";
import { isValidWebhookSignature } from "./signatures";

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

function parseEvent(rawBody: Buffer): RazorpayWebhookEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new AppError("VALIDATION", "Webhook body is not JSON");
  }
  // The body arrived as bytes (the signature covers them), past the app's input guard: it gets it here.
  assertStorableInput(parsed);
  const event = razorpayWebhookEventSchema.safeParse(parsed);
  if (!event.success) throw new AppError("VALIDATION", "Webhook body is not a Razorpay event this shop can act on");
  return event.data;
}

/**
 * A Razorpay webhook: the signature covers the exact bytes received; each event id is handled once
 * (recorded first, forgotten again if handling fails so Razorpay's retry is not dropped).
 */
export async function handleRazorpayWebhook(
  deps: ApiDeps,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  const { webhookSecret } = deps.config.payments;
  // Without its own secret the shop cannot tell Razorpay's events from forged ones: it takes none.
  if (!webhookSecret) throw new AppError("NOT_CONFIGURED", "Webhooks are not configured: set RAZORPAY_WEBHOOK_SECRET");
  if (!signature || !isValidWebhookSignature(rawBody, signature, webhookSecret)) {
    throw new AppError("PAYMENT_NOT_VERIFIED", "Invalid webhook signature");
  }
  const event = parseEvent(rawBody);
  const eventId = eventIdHeader || `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const [fresh] = await deps.db
    .insert(webhookEvents)
    .values({ eventId, event: event.event })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!fresh) return "duplicate";

  try {
    return await applyEvent(deps, event);
  } catch (error) {
    await deps.db.delete(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    throw error;
  }
}

async function applyEvent(deps: ApiDeps, event: RazorpayWebhookEvent): Promise<WebhookOutcome> {
  const refund = event.payload?.refund?.entity;
  if (refund && (event.event === "refund.processed" || event.event === "refund.failed")) {
    await settleRefund(deps, refund.id, event.event === "refund.processed" ? "processed" : "failed", { refundId: refund.notes?.refundId });
    return "processed";
  }
  const payment = event.payload?.payment?.entity;
  const razorpayOrderId = payment?.order_id;
  if (!payment || !razorpayOrderId) return "ignored";
  const reported = { paymentId: payment.id, amountPaise: payment.amount, method: payment.method ?? null, source: "webhook" as const };
  switch (event.event) {
    case "order.paid":
    case "payment.captured":
      await finalizePaid(deps, razorpayOrderId, reported);
      return "processed";
    case "payment.failed":
      await recordFailedPayment(deps, razorpayOrderId, reported);
      return "processed";
    default:
      return "ignored";
  }
}
