import type { FastifyInstance } from "fastify";
import { handleRazorpayWebhook } from "@mithai/api";
import { razorpayWebhookEventSchema, webhookAnswerSchema, z } from "@mithai/schema";
import { contract } from "./contract";

export const RAZORPAY_WEBHOOK_PATH = "/api/payments/razorpay/webhook";

const webhookContract = {
  ...contract({
    summary: "Razorpay's webhook: a payment or refund event, signed with the webhook secret",
    tag: "Payments",
    body: razorpayWebhookEventSchema,
    answer: webhookAnswerSchema,
    refusals: ["PAYMENT_NOT_VERIFIED", "NOT_CONFIGURED"],
  }),
  headers: z.object({
    "x-razorpay-signature": z.string().meta({ description: "HMAC-SHA256 of the exact body bytes with RAZORPAY_WEBHOOK_SECRET" }),
    "x-razorpay-event-id": z.string().optional().meta({ description: "The event's id: a repeated delivery answers `duplicate`" }),
  }),
};

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Razorpay's webhook. Its signature covers the exact bytes sent, so this route (only) keeps the raw body. */
export async function paymentWebhookRoutes(app: FastifyInstance): Promise<void> {
  // The app reads text/plain bodies as JSON; here every body stays the bytes that were signed.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser(["application/json", "text/plain"], { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post<{ Body: Buffer }>(RAZORPAY_WEBHOOK_PATH, { schema: webhookContract }, async (req) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await handleRazorpayWebhook(
      app.deps,
      rawBody,
      headerText(req.headers["x-razorpay-signature"]),
      headerText(req.headers["x-razorpay-event-id"]),
    );
    return { success: true, outcome };
  });
}
