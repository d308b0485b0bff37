import { randomUUID } from "node:crypto";
import { testAddress } from "../checkout/fixtures";

/**
 * A customer's checkout over real HTTP, step by step as the storefront makes it: cart → place → pay in the
 * sandbox window → verify. Every call has a deadline, so a hung server shows up as an unanswered call.
 */

/** One HTTP call as the customer saw it: an answer (status and JSON body), or none at all. */
export type Answer =
  | { step: string; answered: true; status: number; body: Record<string, unknown> | null }
  | { step: string; answered: false; error: string };

const CALL_DEADLINE_MS = 20_000;

export async function call(base: string, step: string, method: "GET" | "POST", pathName: string, body?: unknown, token?: string): Promise<Answer> {
  try {
    const res = await fetch(`${base}${pathName}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_DEADLINE_MS),
    });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { step, answered: true, status: res.status, body: json };
  } catch (error) {
    return { step, answered: false, error: (error as Error).message };
  }
}

export const ok = (answer: Answer): answer is Answer & { answered: true } => answer.answered && answer.status >= 200 && answer.status < 300;

/** Signs a new customer up (a fresh e-mail each time): their token, or the answer that refused them. */
export async function signUp(base: string): Promise<{ token: string } | { refused: Answer }> {
  const answer = await call(base, "register", "POST", "/api/user/register", { name: "Fault Tester", email: `fault-${randomUUID()}@example.in`, password: "fault-password-123" });
  const token = answer.answered ? answer.body?.token : undefined;
  return ok(answer) && typeof token === "string" ? { token } : { refused: answer };
}

export async function register(base: string): Promise<string> {
  const signedUp = await signUp(base);
  if ("refused" in signedUp) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.refused)}`);
  return signedUp.token;
}

export async function catalogueItemIds(base: string): Promise<string[]> {
  const answer = await call(base, "list", "GET", "/api/food/list");
  const data = answer.answered ? answer.body?.data : undefined;
  if (!ok(answer) || !Array.isArray(data)) throw new Error(`catalogue list failed: ${JSON.stringify(answer)}`);
  return (data as { _id: string }[]).map((item) => item._id);
}

export interface CheckoutResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** How far one checkout got, and every answer on the way. */
export interface Journey {
  answers: Answer[];
  /** Our order id and the provider's, once `place` answered. */
  placed?: { orderId: string; razorpayOrderId: string; key: string };
  /** The sandbox window's answer after a successful payment (money taken at the gateway). */
  paid?: CheckoutResponse;
  /** The order id `verify` confirmed with 2xx and success: a confirmed order. */
  confirmedOrderId?: string;
}

export async function addToCart(base: string, token: string, itemId: string, journey: Journey): Promise<boolean> {
  const answer = await call(base, "cart", "POST", "/api/cart/add", { itemId, quantity: 1 }, token);
  journey.answers.push(answer);
  return ok(answer);
}

export async function placeOrder(base: string, token: string, journey: Journey): Promise<boolean> {
  const answer = await call(base, "place", "POST", "/api/order/place", { address: testAddress }, token);
  journey.answers.push(answer);
  const body = answer.answered ? answer.body : null;
  if (!ok(answer) || typeof body?.orderId !== "string" || typeof body.razorpayOrderId !== "string" || typeof body.key !== "string") return false;
  journey.placed = { orderId: body.orderId, razorpayOrderId: body.razorpayOrderId, key: body.key };
  return true;
}

/** The test-mode window's "Pay" (UPI, success), which answers like Razorpay's checkout handler. */
export async function payInSandbox(base: string, journey: Journey): Promise<boolean> {
  const placed = journey.placed!;
  const answer = await call(base, "pay", "POST", "/sandbox/razorpay/checkout/pay", { key: placed.key, order_id: placed.razorpayOrderId, method: "upi", outcome: "success" });
  journey.answers.push(answer);
  const body = answer.answered ? answer.body : null;
  if (!ok(answer) || body?.status !== "captured") return false;
  journey.paid = body.response as CheckoutResponse;
  return true;
}

export async function verifyPayment(base: string, token: string, journey: Journey): Promise<boolean> {
  const answer = await call(base, "verify", "POST", "/api/order/verify", journey.paid, token);
  journey.answers.push(answer);
  const body = answer.answered ? answer.body : null;
  if (!ok(answer) || body?.success !== true || typeof body.orderId !== "string") return false;
  journey.confirmedOrderId = body.orderId;
  return true;
}

/** The whole checkout; stops at the first step that fails, as a customer would. */
export async function checkout(base: string, token: string, itemId: string): Promise<Journey> {
  const journey: Journey = { answers: [] };
  if ((await addToCart(base, token, itemId, journey)) && (await placeOrder(base, token, journey)) && (await payInSandbox(base, journey))) {
    await verifyPayment(base, token, journey);
  }
  return journey;
}
