import { z } from "./z";

/** The largest amount in paise an order's column holds; a provider amount beyond it can match no order. */
export const MAX_PROVIDER_AMOUNT_PAISE = 2_147_483_647;

const providerId = z.string().trim().min(1).max(100);

/** The part of a Razorpay payment entity the shop acts on; anything else in it is ignored. */
export const razorpayWebhookPaymentSchema = z.object({
  id: providerId,
  /** Absent for payments made without an order (payment links, QR codes): not the shop's. */
  order_id: providerId.nullish(),
  amount: z.number().int().min(1).max(MAX_PROVIDER_AMOUNT_PAISE),
  method: z.string().max(50).nullish(),
});

/** The part of a Razorpay refund entity the shop acts on. */
export const razorpayWebhookRefundSchema = z.object({
  id: providerId,
  payment_id: providerId,
  amount: z.number().int().min(1).max(MAX_PROVIDER_AMOUNT_PAISE),
  status: z.string().max(50),
  /** The shop's own refund id travels in the notes (set when the refund was asked for). */
  notes: z.object({ refundId: z.string().max(100).optional() }).catchall(z.unknown()).nullish().catch(null),
});

/**
 * A Razorpay webhook event. Only `event` is required: events without a payment are acknowledged and
 * ignored, but a payment that is there must be well formed (a signed event with an absurd amount is refused).
 */
export const razorpayWebhookEventSchema = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: razorpayWebhookPaymentSchema }).optional(),
      refund: z.object({ entity: razorpayWebhookRefundSchema }).optional(),
    })
    .optional(),
});
export type RazorpayWebhookEvent = z.infer<typeof razorpayWebhookEventSchema>;
