import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { signAuthToken } from "@mithai/api";
import { asc } from "@mithai/db/sql";
import { cartItems, foodItems, users } from "@mithai/db/schema";
import type { PlacedOrder } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

/** Test helpers for checkout: customers, carts, the sandbox window's "pay", and the mail outbox. */

export interface Customer {
  userId: string;
  token: string;
  email: string;
}

/** A test app that listens on a free port, so the Razorpay SDK can reach the sandbox gateway over HTTP. */
export async function createCheckoutApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp({ seed: true, ...options });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return t;
}

/** Two app instances on one database, as two server processes sharing it; `close` closes both. */
export async function createTwinApps(): Promise<{ one: TestApp; two: TestApp; close(): Promise<void> }> {
  const one = await createCheckoutApp();
  // Servers of one shop share its configuration, the sandbox's generated keys included.
  const { keyId, keySecret, webhookSecret } = one.env.payments;
  const two = await createTestApp({
    database: one.database,
    env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret!, PAYMENTS_MODE: "sandbox" },
  });
  await two.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    one,
    two,
    async close() {
      await two.close();
      await one.close();
    },
  };
}

export async function createCustomer(t: TestApp): Promise<Customer> {
  const email = `buyer-${randomUUID()}@example.in`;
  const [user] = await t.database.db
    .insert(users)
    .values({ name: "Asha Buyer", email, passwordHash: "not-a-real-hash" })
    .returning({ id: users.id });
  return { userId: user!.id, email, token: await signAuthToken({ userId: user!.id, role: "user" }, t.env.jwtSecret) };
}

/** Puts the first `lines.length` catalogue items in the customer's server cart with the given quantities. */
export async function fillCart(t: TestApp, customer: Customer, quantities: number[]): Promise<{ id: string; pricePaise: number }[]> {
  const items = await t.database.db
    .select({ id: foodItems.id, pricePaise: foodItems.pricePaise })
    .from(foodItems)
    .orderBy(asc(foodItems.slug))
    .limit(quantities.length);
  await t.database.db
    .insert(cartItems)
    .values(items.map((item, i) => ({ userId: customer.userId, foodItemId: item.id, quantity: quantities[i]! })));
  return items;
}

export const testAddress = {
  fullName: "Asha Buyer",
  email: "asha@example.in",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560001",
  country: "India",
  mobile: "+91 98765 43210",
};

export async function placeOrderVia(t: TestApp, customer: Customer, body: Record<string, unknown> = { address: testAddress }) {
  const res = await t.app.inject({ method: "POST", url: "/api/order/place", headers: { authorization: `Bearer ${customer.token}` }, payload: body });
  return { status: res.statusCode, body: jsonOf<PlacedOrder & { message?: string }>(res) };
}

export interface CheckoutAnswer {
  status: "captured" | "failed";
  response?: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  error?: { metadata: { payment_id: string } };
}

/** What the test-mode window does when the customer pays (which also sends the signed webhook). */
export async function payInSandboxWindow(t: TestApp, placed: PlacedOrder, outcome: "success" | "failure" = "success"): Promise<CheckoutAnswer> {
  const res = await t.app.inject({
    method: "POST",
    url: "/sandbox/razorpay/checkout/pay",
    payload: { key: placed.key, order_id: placed.razorpayOrderId, method: "upi", outcome },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox pay failed: ${res.body}`);
  return jsonOf<CheckoutAnswer>(res);
}

/** Delivers a webhook as Razorpay does: the raw body, its signature and the event id. */
export function sendWebhook(t: TestApp, webhook: { body: string; signature: string; eventId: string }) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/razorpay/webhook",
    headers: { "content-type": "application/json", "x-razorpay-signature": webhook.signature, "x-razorpay-event-id": webhook.eventId },
    payload: webhook.body,
  });
}

export async function verifyVia(t: TestApp, customer: Customer, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/order/verify", headers: { authorization: `Bearer ${customer.token}` }, payload });
  return { status: res.statusCode, body: jsonOf(res) };
}

/** Mails in the apps' .eml folders, once each app's outbox has sent what is due. */
export async function mailsIn(...apps: TestApp[]): Promise<number> {
  await Promise.all(apps.map((t) => t.app.deps.outbox.drain()));
  return apps.reduce((sum, t) => {
    try {
      return sum + readdirSync(t.env.outboxDir).filter((f) => f.endsWith(".eml")).length;
    } catch {
      return sum;
    }
  }, 0);
}

/** The raw text of the newest .eml in the app's outbox. */
export async function newestMail(t: TestApp): Promise<string> {
  await t.app.deps.outbox.drain();
  const files = readdirSync(t.env.outboxDir).filter((f) => f.endsWith(".eml")).sort();
  return readFileSync(path.join(t.env.outboxDir, files.at(-1)!), "utf8");
}

/** Waits until `check` holds (webhooks from the sandbox arrive asynchronously). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
