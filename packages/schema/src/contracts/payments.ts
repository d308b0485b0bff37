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

/*
 * The sandbox gateway: the slice of Razorpay's API the shop uses, faked in sandbox mode. Its inputs follow Razorpay's
 * (amounts in paise, as a number or as digits); its refusals name the field, as Razorpay's do.
 */

const AMOUNT_AT_LEAST_ONE_RUPEE = "amount must be at least INR 1.00, in paise";
const REFUND_AMOUNT = "amount: the refund amount provided is not valid";

/** Paise as a number or as digits in text (Razorpay takes both), at most what an order's column holds. */
const paise = (message: string, min: number, minMessage: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,12}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, minMessage).max(MAX_PROVIDER_AMOUNT_PAISE, "amount exceeds the maximum amount allowed"));

/** Razorpay's "create order", as far as the shop uses it: at most 15 notes of short text. */
export const sandboxOrderInputSchema = z.object({
  amount: paise(AMOUNT_AT_LEAST_ONE_RUPEE, 100, AMOUNT_AT_LEAST_ONE_RUPEE),
  currency: z.literal("INR", { error: "currency: only INR is supported" }).default("INR"),
  receipt: z.string({ error: "receipt must be text" }).max(40, "receipt: the length must be no more than 40.").optional(),
  notes: z
    .record(z.string().max(256), z.union([z.string().max(256), z.number(), z.boolean()]), { error: "notes must be an object of short texts" })
    .refine((notes) => Object.keys(notes).length <= 15, "notes: at most 15 keys are allowed")
    .transform((notes) => Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, String(value)])))
    .default({}),
});
export type SandboxOrderInput = z.infer<typeof sandboxOrderInputSchema>;

/** Razorpay's "refund a payment": without an amount, whatever is left of the payment. */
export const sandboxRefundInputSchema = z.object({
  amount: paise(REFUND_AMOUNT, 100, "amount: the refund amount must be at least INR 1.00").optional(),
  receipt: z.string({ error: "receipt must be text" }).max(40, "receipt: the length must be no more than 40.").optional(),
  notes: z.record(z.string().max(256), z.string().max(256), { error: "notes must be an object of short texts" }).default({}),
});
export type SandboxRefundInput = z.infer<typeof sandboxRefundInputSchema>;

export const SANDBOX_PAYMENT_METHODS = ["upi", "card"] as const;
export type SandboxPaymentMethod = (typeof SANDBOX_PAYMENT_METHODS)[number];

/** The test-mode checkout window's "Pay" (or its failure choice), keyed by the shop's key id like Razorpay's checkout. */
export const sandboxCheckoutPayInputSchema = z.object({
  key: z.string({ error: "key: the key id is required" }).max(100),
  order_id: z.string({ error: "order_id is required" }).min(1, "order_id is required").max(100),
  method: z.enum(SANDBOX_PAYMENT_METHODS, { error: "method must be upi or card" }),
  outcome: z.enum(["success", "failure"], { error: "outcome must be success or failure" }),
});

/** `GET /v1/payments/:id/refunds?count=`: how many of the newest refunds (10 by default, 100 at most), as Razorpay reads it. */
export const sandboxRefundListQuerySchema = z.object({ count: z.coerce.number().int().min(1).max(100).catch(10) });
export type SandboxRefundListQuery = z.infer<typeof sandboxRefundListQuerySchema>;

/** REST answer of Razorpay's webhook: what the shop did with the event (`duplicate`: its event id was seen before). */
export const webhookAnswerSchema = z.object({ success: z.literal(true), outcome: z.enum(["processed", "duplicate", "ignored"]) });
