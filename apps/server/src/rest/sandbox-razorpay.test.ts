import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_API_PREFIX } from "@mithai/api";
import { createCheckoutApp } from "../checkout/fixtures";
import { jsonOf, type TestApp } from "../testing";

describe("the sandbox gateway refuses as Razorpay does", () => {
  let t: TestApp;
  let keys: Record<string, string>;
  beforeAll(async () => {
    t = await createCheckoutApp({ seed: false });
    const { keyId, keySecret } = t.app.deps.config.payments;
    keys = { authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}` };
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: "POST", url: `${SANDBOX_API_PREFIX}${url}`, payload: JSON.stringify(payload), headers: { ...headers, "content-type": "application/json" } });

  it("words a refused input in Razorpay's error shape, naming the field", async () => {
    const res = await post("/v1/orders", { amount: 99 }, keys);
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "amount must be at least INR 1.00, in paise" } });
    expect(jsonOf(await post("/v1/orders", { amount: 500, currency: "USD" }, keys))).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "currency: only INR is supported" } });
    expect(jsonOf(await post("/v1/payments/pay_x/refund", { amount: "ten" }, keys))).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "amount: the refund amount provided is not valid" } });
  });

  it("refuses the API without the key secret, and the checkout without the key id, before reading the rest", async () => {
    const res = await post("/v1/orders", { amount: 500 });
    expect(res.statusCode).toBe(401);
    expect(jsonOf(res)).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    const pay = await post("/checkout/pay", { key: "rzp_test_wrong", method: "cash" });
    expect(pay.statusCode).toBe(401);
    expect(jsonOf(pay)).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "Unknown key id" } });
  });

  it("checks the checkout's choices", async () => {
    const { keyId } = t.app.deps.config.payments;
    const res = await post("/checkout/pay", { key: keyId, order_id: "order_x", method: "cash", outcome: "success" });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "method must be upi or card" } });
    const unknown = await post("/checkout/pay", { key: keyId, order_id: "order_x", method: "upi", outcome: "success" });
    expect(unknown.statusCode).toBe(404);
    expect(jsonOf(unknown)).toEqual({ error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } });
  });
});
