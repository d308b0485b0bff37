import { createHash } from "node:crypto";
import { eq } from "@mithai/db/sql";
import { webhookEvents } from "@mithai/db/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { finalizePaid, recordFailedPayment } from "./finalize";
import { isValidWebhookSignature } from "./signatures";

interface WebhookPayment {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  method?: string;
}

interface WebhookEvent {
  event: string;
  payload?: { payment?: { entity?: WebhookPayment } };
}

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

function parseEvent(rawBody: Buffer): WebhookEvent {
  try {
    const parsed: unknown = JSON.parse(rawBody.toString("utf8"));
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as WebhookEvent).event === "string") return parsed as WebhookEvent;
  } catch {
    // falls through to the error below
  }
  throw new AppError("BAD_REQUEST", "Webhook body is not a Razorpay event");
}

function paymentOf(event: WebhookEvent): WebhookPayment | null {
  const payment = event.payload?.payment?.entity;
  return payment && typeof payment.id === "string" && typeof payment.order_id === "string" && Number.isInteger(payment.amount)
    ? payment
    : null;
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
  if (!signature || !isValidWebhookSignature(rawBody, signature, deps.config.payments.webhookSecret)) {
    throw new AppError("BAD_REQUEST", "Invalid webhook signature");
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

async function applyEvent(deps: ApiDeps, event: WebhookEvent): Promise<WebhookOutcome> {
  const payment = paymentOf(event);
  if (!payment) return "ignored";
  const reported = { paymentId: payment.id, amountPaise: payment.amount, method: payment.method ?? null, source: "webhook" as const };
  switch (event.event) {
    case "order.paid":
    case "payment.captured":
      await finalizePaid(deps, payment.order_id, reported);
      return "processed";
    case "payment.failed":
      await recordFailedPayment(deps, payment.order_id, reported);
      return "processed";
    default:
      return "ignored";
  }
}
