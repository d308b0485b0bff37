import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayment, signWebhook } from "@mithai/api";
import { eq } from "@mithai/db/sql";
import { orders, payments } from "@mithai/db/schema";
import { createTestApp, writeWebClientFixture, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, fillCart, placeOrderVia, sendWebhook, verifyVia } from "./fixtures";

/** The secret this project once shipped for the sandbox: signing with it must never pay anything. */
const FORMERLY_PUBLISHED_WEBHOOK_SECRET = "mithai_sandbox_webhook_secret";
const FORMERLY_PUBLISHED_KEY_SECRET = "mithai_sandbox_key_secret";

function paidEvent(razorpayOrderId: string, amount: unknown, paymentId = `pay_${Math.random().toString(36).slice(2, 12)}`) {
  return JSON.stringify({
    entity: "event",
    event: "order.paid",
    payload: { payment: { entity: { id: paymentId, order_id: razorpayOrderId, amount, status: "captured", method: "upi" } } },
  });
}

const orderOf = async (t: TestApp, id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe("no payment without money", () => {
  describe("razorpay keys without a webhook secret", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true, env: { RAZORPAY_KEY_ID: "rzp_live_mithai", RAZORPAY_KEY_SECRET: "live-key-secret" } });
    });
    afterAll(() => t.close());

    it("refuses every webhook with 503 (no sandbox secret to fall back on), so a forged event pays nothing", async () => {
      const buyer = await createCustomer(t);
      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId: buyer.userId,
          items: [],
          subtotalPaise: 128_000_00,
          amountPaise: 128_000_00,
          address: { fullName: "A", email: "a@example.in", street: "s", city: "c", state: "Telangana", pincode: "500001", country: "India", mobile: "9876543210" },
          razorpayOrderId: "order_forged",
        })
        .returning();
      for (const secret of [FORMERLY_PUBLISHED_WEBHOOK_SECRET, "anything"]) {
        const body = paidEvent("order_forged", 128_000_00);
        const res = await sendWebhook(t, { body, signature: signWebhook(body, secret), eventId: `evt_${secret}` });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toMatch(/RAZORPAY_WEBHOOK_SECRET/);
      }
      expect(await orderOf(t, order!.id)).toMatchObject({ paymentStatus: "pending" });
      expect(await t.database.db.select().from(payments)).toEqual([]);
    });
  });

  describe("sandbox mode", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createCheckoutApp();
    });
    afterAll(() => t.close());

    it("takes no signature made with the secrets once published in the code", async () => {
      const buyer = await createCustomer(t);
      await fillCart(t, buyer, [2]);
      const placed = (await placeOrderVia(t, buyer)).body;
      const forged = { razorpay_order_id: placed.razorpayOrderId, razorpay_payment_id: "pay_forged", razorpay_signature: signPayment(placed.razorpayOrderId, "pay_forged", FORMERLY_PUBLISHED_KEY_SECRET) };
      expect((await verifyVia(t, buyer, forged)).body).toMatchObject({ success: false });
      const body = paidEvent(placed.razorpayOrderId, placed.amount);
      expect((await sendWebhook(t, { body, signature: signWebhook(body, FORMERLY_PUBLISHED_WEBHOOK_SECRET), eventId: "evt_published" })).statusCode).toBe(400);
      expect(await orderOf(t, placed.orderId)).toMatchObject({ paymentStatus: "pending" });
    });

    it.each([99_999_999_999, -100, 12.5, "64000", null])("answers a signed webhook whose amount is %o with a 400, changing nothing", async (amount) => {
      const buyer = await createCustomer(t);
      await fillCart(t, buyer, [1]);
      const placed = (await placeOrderVia(t, buyer)).body;
      const body = paidEvent(placed.razorpayOrderId, amount);
      const res = await sendWebhook(t, { body, signature: signWebhook(body, t.env.payments.webhookSecret!), eventId: `evt_amount_${String(amount)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(await orderOf(t, placed.orderId)).toMatchObject({ paymentStatus: "pending" });
      expect(await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toEqual([]);
    });
  });

  describe("a production shop on sandbox payments on purpose (ALLOW_SANDBOX_PAYMENTS=true)", () => {
    let t: TestApp;
    let webDir: string;
    beforeAll(async () => {
      webDir = writeWebClientFixture();
      t = await createTestApp({ seed: true, webDistDir: webDir, env: { NODE_ENV: "production", ALLOW_SANDBOX_PAYMENTS: "true" } });
    });
    afterAll(async () => {
      await t.close();
      rmSync(webDir, { recursive: true, force: true });
    });

    it.each(["/", "/cart", "/product/kaju-katli", "/admin-login"])("says on %s, before any script runs, that payments are tests", async (url) => {
      const page = (await t.app.inject(url)).body;
      expect(page).toMatch(/<body[^>]*>[\s\S]*class="test-payments-banner"[\s\S]*Test payments only/);
    });
  });

  it("shows no test-payments banner in development", async () => {
    const webDir = writeWebClientFixture();
    const t = await createTestApp({ seed: true, webDistDir: webDir });
    try {
      expect((await t.app.inject("/")).body).not.toContain("test-payments-banner");
    } finally {
      await t.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
