import { createHmac, timingSafeEqual } from "node:crypto";

function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
export function signPayment(razorpayOrderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${razorpayOrderId}|${paymentId}`);
}

export function isValidPaymentSignature(razorpayOrderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameHex(signPayment(razorpayOrderId, paymentId, keySecret), signature);
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw request body with the webhook secret, hex. */
export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

export function isValidWebhookSignature(rawBody: string | Buffer, signature: string, webhookSecret: string): boolean {
  return sameHex(signWebhook(rawBody, webhookSecret), signature);
}
