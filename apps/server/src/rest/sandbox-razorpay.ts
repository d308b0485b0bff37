import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  AppError,
  createSandboxOrder,
  createSandboxRefund,
  fetchSandboxOrder,
  fetchSandboxOrderPayments,
  fetchSandboxPaymentRefunds,
  fetchSandboxRefund,
  paySandboxOrder,
  SANDBOX_API_PREFIX,
  type SandboxPaymentOutcome,
  settleSandboxRefund,
} from "@mithai/api";
import { sandboxCheckoutPayInputSchema, sandboxOrderInputSchema, sandboxRefundInputSchema, sandboxRefundListQuerySchema } from "@mithai/schema";
import { registerErrorHandler, type HttpFailure } from "../plugins/errors";
import { RAZORPAY_WEBHOOK_PATH } from "./payments-webhook";
import { parseInput } from "./request";

type Params = { Params: { id: string } };

/**
 * The Razorpay-compatible fake of sandbox mode: the slice of Razorpay's API the shop uses (Basic auth with
 * the key id and secret, errors as `{ error: { code, description } }`) plus the test-mode checkout's "pay"
 * call, which answers like Razorpay's checkout and sends the signed webhook like Razorpay would (at once, or
 * after SANDBOX_WEBHOOK_DELAY_SECONDS).
 */
export async function sandboxRazorpayRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const webhooks = sandboxWebhooks(app);
  registerErrorHandler(app, razorpayErrorBody);

  await app.register(
    async (api) => {
      api.addHook("preHandler", async (req) => requireKeys(app, req));
      api.post("/v1/orders", async (req) => createSandboxOrder(db, parseInput(sandboxOrderInputSchema, req.body)));
      api.get<Params>("/v1/orders/:id", async (req) => fetchSandboxOrder(db, req.params.id));
      api.get<Params>("/v1/orders/:id/payments", async (req) => fetchSandboxOrderPayments(db, req.params.id));
      // Refunds: created pending (refund.created), then settled by the fake bank (refund.processed or refund.failed).
      api.post<Params>("/v1/payments/:id/refund", async (req) => {
        const { refund, webhook } = await createSandboxRefund(db, config.payments, req.params.id, parseInput(sandboxRefundInputSchema, req.body));
        webhooks.deliver(webhook);
        webhooks.later(async () => {
          const settled = await settleSandboxRefund(db, config.payments, refund.id);
          if (settled) webhooks.send(settled);
        });
        return refund;
      });
      api.get<Params>("/v1/refunds/:id", async (req) => fetchSandboxRefund(db, req.params.id));
      api.get<Params>("/v1/payments/:id/refunds", async (req) => fetchSandboxPaymentRefunds(db, req.params.id, parseInput(sandboxRefundListQuerySchema, req.query)));
    },
    { prefix: SANDBOX_API_PREFIX },
  );

  /** The test-mode window's "Pay" (or its failure choice); public, like Razorpay's checkout, keyed by the key id. */
  app.post(`${SANDBOX_API_PREFIX}/checkout/pay`, async (req) => {
    // The key is checked before anything else in the body, as the gateway's Basic auth is.
    const key = typeof req.body === "object" && req.body !== null && "key" in req.body ? req.body.key : undefined;
    if (typeof key !== "string" || !sameText(key, config.payments.keyId)) throw new AppError("UNAUTHENTICATED", "Unknown key id");
    const input = parseInput(sandboxCheckoutPayInputSchema, req.body);
    const result = await paySandboxOrder(db, config.payments, { orderId: input.order_id, method: input.method, succeed: input.outcome === "success" });
    webhooks.deliver(result.webhook);
    return result.checkoutResponse
      ? { status: "captured", response: result.checkoutResponse }
      : {
          status: "failed",
          error: {
            code: "BAD_REQUEST_ERROR",
            description: "Payment failed",
            reason: "payment_failed",
            metadata: { order_id: input.order_id, payment_id: result.payment.id },
          },
        };
  });
}

/** Razorpay's error shape, which its SDK reads; a 5xx says no more than Razorpay's would. */
function razorpayErrorBody({ status, message }: HttpFailure) {
  return { error: { code: status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR", description: status >= 500 ? "Internal error" : message } };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Razorpay's API takes Basic auth with the key id and secret. */
function requireKeys(app: FastifyInstance, req: FastifyRequest): void {
  const { keyId, keySecret } = app.deps.config.payments;
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  if (!sameText(req.headers.authorization ?? "", expected)) throw new AppError("UNAUTHENTICATED", "Authentication failed");
}

type Webhook = SandboxPaymentOutcome["webhook"];

/** Sends the fake's signed webhooks to this server, as Razorpay would: at once, or after SANDBOX_WEBHOOK_DELAY_SECONDS. */
function sandboxWebhooks(app: FastifyInstance): { deliver(webhook: Webhook): void; later(task: () => Promise<void>): void; send(webhook: Webhook): void } {
  const { config, log } = app.deps;
  const deliveries = new Set<Promise<void>>();
  const delayed = new Set<NodeJS.Timeout>();
  app.addHook("onClose", async () => {
    // Webhooks still waiting out SANDBOX_WEBHOOK_DELAY_SECONDS are dropped: this server can no longer take them,
    // and the reconciler settles those orders with the gateway, as it would after a real webhook was lost.
    for (const timer of delayed) clearTimeout(timer);
    delayed.clear();
    await Promise.allSettled(deliveries);
  });

  function send(webhook: Webhook): void {
    const delivery = fetch(`${config.internalUrl}${RAZORPAY_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-razorpay-signature": webhook.signature, "x-razorpay-event-id": webhook.eventId },
      body: webhook.body,
    })
      .then(async (res) => {
        if (!res.ok) log.warn({ status: res.status, body: await res.text() }, "sandbox webhook refused");
      })
      .catch((error: unknown) => log.warn({ err: error }, "sandbox webhook not delivered"))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  /** Runs after SANDBOX_WEBHOOK_DELAY_SECONDS (at once by default, after the current answer). */
  function later(task: () => Promise<void>): void {
    const run = () => void task().catch((error: unknown) => log.warn({ err: error }, "sandbox gateway task failed"));
    const timer = setTimeout(() => {
      delayed.delete(timer);
      run();
    }, config.payments.sandboxWebhookDelayMs ?? 0);
    timer.unref();
    delayed.add(timer);
  }

  function deliver(webhook: Webhook): void {
    if ((config.payments.sandboxWebhookDelayMs ?? 0) === 0) return send(webhook);
    later(async () => send(webhook));
  }

  return { deliver, later, send };
}
