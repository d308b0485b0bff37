import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "@mithai/api/errors";
import { SANDBOX_API_PREFIX } from "@mithai/api/payments/razorpay-client";
import {
  SANDBOX_PAYMENT_METHODS,
  createSandboxOrder,
  createSandboxRefund,
  fetchSandboxRefund,
  fetchSandboxPaymentRefunds,
  settleSandboxRefund,
  fetchSandboxOrder,
  fetchSandboxOrderPayments,
  paySandboxOrder,
  type SandboxPaymentMethod,
  type SandboxPaymentOutcome,
} from "@mithai/api/payments/sandbox-gateway";
import { RAZORPAY_WEBHOOK_PATH } from "./payments-webhook";

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The Razorpay-compatible fake of sandbox mode: the slice of Razorpay's API the shop uses (Basic auth with
 * the key id and secret, errors as `{ error: { code, description } }`) plus the test-mode checkout's "pay"
 * call, which answers like Razorpay's checkout and sends the signed webhook like Razorpay would (at once, or
 * after SANDBOX_WEBHOOK_DELAY_SECONDS).
 */
export async function sandboxRazorpayRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, log } = app.deps;
  const deliveries = new Set<Promise<void>>();
  const delayed = new Set<NodeJS.Timeout>();
  app.addHook("onClose", async () => {
    // Webhooks still waiting out SANDBOX_WEBHOOK_DELAY_SECONDS are dropped: this server can no longer take them,
    // and the reconciler settles those orders with the gateway, as it would after a real webhook was lost.
    for (const timer of delayed) clearTimeout(timer);
    delayed.clear();
    await Promise.allSettled(deliveries);
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    const status = error instanceof AppError ? error.httpStatus : (error.statusCode ?? 500);
    if (status >= 500) log.error({ err: error }, "sandbox gateway failed");
    return reply.status(status).send({ error: { code: status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR", description: status >= 500 ? "Internal error" : error.message } });
  });

  async function requireKeys(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const expected = `Basic ${Buffer.from(`${config.payments.keyId}:${config.payments.keySecret}`).toString("base64")}`;
    if (sameText(req.headers.authorization ?? "", expected)) return undefined;
    return reply.status(401).send({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
  }

  await app.register(async (api) => {
    api.addHook("preHandler", requireKeys);
    api.post("/v1/orders", async (req) => createSandboxOrder(db, req.body));
    api.get<{ Params: { id: string } }>("/v1/orders/:id", async (req) => fetchSandboxOrder(db, req.params.id));
    api.get<{ Params: { id: string } }>("/v1/orders/:id/payments", async (req) => fetchSandboxOrderPayments(db, req.params.id));
    // Refunds: created pending (refund.created), then settled by the fake bank (refund.processed or refund.failed).
    api.post<{ Params: { id: string } }>("/v1/payments/:id/refund", async (req) => {
      const { refund, webhook } = await createSandboxRefund(db, config.payments, req.params.id, req.body);
      deliverWebhook(webhook);
      later(async () => {
        const settled = await settleSandboxRefund(db, config.payments, refund.id);
        if (settled) sendWebhook(settled);
      });
      return refund;
    });
    api.get<{ Params: { id: string } }>("/v1/refunds/:id", async (req) => fetchSandboxRefund(db, req.params.id));
    api.get<{ Params: { id: string }; Querystring: { count?: string } }>("/v1/payments/:id/refunds", async (req) => fetchSandboxPaymentRefunds(db, req.params.id, req.query));
  }, { prefix: SANDBOX_API_PREFIX });

  function deliverWebhook(webhook: SandboxPaymentOutcome["webhook"]): void {
    if ((config.payments.sandboxWebhookDelayMs ?? 0) === 0) return sendWebhook(webhook);
    later(async () => sendWebhook(webhook));
  }

  /** Runs after SANDBOX_WEBHOOK_DELAY_SECONDS (at once by default, after the current answer). */
  function later(task: () => Promise<void>): void {
    const run = () =>
      void task().catch((error: unknown) => log.warn({ err: error }, "sandbox gateway task failed"));
    const delayMs = config.payments.sandboxWebhookDelayMs ?? 0;
    const timer = setTimeout(() => {
      delayed.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    delayed.add(timer);
  }

  function sendWebhook(webhook: SandboxPaymentOutcome["webhook"]): void {
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

  /** The test-mode window's "Pay" (or its failure choice); public, like Razorpay's checkout, keyed by the key id. */
  app.post<{ Body: { key?: unknown; order_id?: unknown; method?: unknown; outcome?: unknown } }>(
    `${SANDBOX_API_PREFIX}/checkout/pay`,
    async (req) => {
      const { key, order_id: orderId, method, outcome } = req.body ?? {};
      if (typeof key !== "string" || !sameText(key, config.payments.keyId)) throw new AppError("UNAUTHORIZED", "Unknown key id");
      if (typeof orderId !== "string") throw new AppError("BAD_REQUEST", "order_id is required");
      if (!SANDBOX_PAYMENT_METHODS.includes(method as SandboxPaymentMethod)) throw new AppError("BAD_REQUEST", "method must be upi or card");
      if (outcome !== "success" && outcome !== "failure") throw new AppError("BAD_REQUEST", "outcome must be success or failure");

      const result = await paySandboxOrder(db, config.payments, { orderId, method: method as SandboxPaymentMethod, succeed: outcome === "success" });
      deliverWebhook(result.webhook);
      return result.checkoutResponse
        ? { status: "captured", response: result.checkoutResponse }
        : {
            status: "failed",
            error: {
              code: "BAD_REQUEST_ERROR",
              description: "Payment failed",
              reason: "payment_failed",
              metadata: { order_id: orderId, payment_id: result.payment.id },
            },
          };
    },
  );
}
