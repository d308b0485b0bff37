import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutApp, createCustomer, fillCart, placeOrderVia, verifyVia } from "../checkout/fixtures";
import { captureLogs, jsonOf, type TestApp } from "../testing";
import { REQUEST_ID_HEADER } from "./request-ids";

describe("request ids", () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createCheckoutApp({ logger: logs.logger });
  });
  afterAll(() => t.close());

  it("puts the answer's id in every REST error body, 4xx included", async () => {
    const refused = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: "not-an-email" } });
    const missing = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    const wrongMethod = await t.app.inject({ method: "DELETE", url: "/api/food/list" });
    const unauthenticated = await t.app.inject({ method: "GET", url: "/api/user/profile" });
    for (const res of [refused, missing, wrongMethod, unauthenticated]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const id = res.headers[REQUEST_ID_HEADER];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(jsonOf(res)).toMatchObject({ success: false, requestId: id });
    }
  });

  it("puts it in every tRPC error's data", async () => {
    const res = await t.app.inject({ method: "GET", url: "/trpc/user.profile" });
    expect(res.statusCode).toBe(401);
    expect(jsonOf<{ error: { data: { requestId: string } } }>(res).error.data.requestId).toBe(res.headers[REQUEST_ID_HEADER]);
    const bad = await t.app.inject({ method: "GET", url: `/trpc/catalog.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: 5 }))}` });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<{ error: { data: { requestId: string } } }>(bad).error.data.requestId).toBe(bad.headers[REQUEST_ID_HEADER]);
  });

  it("gives a refused verify's body and the service's log line the same id", async () => {
    const customer = await createCustomer(t);
    await fillCart(t, customer, [1]);
    const placed = await placeOrderVia(t, customer);
    expect(placed.status).toBe(200);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/verify",
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { razorpay_order_id: placed.body.razorpayOrderId, razorpay_payment_id: "pay_forged", razorpay_signature: "0".repeat(64) },
    });
    expect(res.statusCode).toBe(400);
    const id = res.headers[REQUEST_ID_HEADER];
    expect(jsonOf(res)).toMatchObject({ success: false, requestId: id });
    expect(logs.lines.find((line) => line.msg === "payment signature mismatch")?.reqId).toBe(id);
    expect((await verifyVia(t, customer, {})).body).toHaveProperty("requestId");
  });

  it("takes the id a trusted proxy sends, and makes its own for anyone else", async () => {
    const fromProxy = await t.app.inject({ method: "GET", url: "/healthz", headers: { [REQUEST_ID_HEADER]: "balancer-7f3a.1" }, remoteAddress: "10.1.2.3" });
    expect(fromProxy.headers[REQUEST_ID_HEADER]).toBe("balancer-7f3a.1");
    const fromOutside = await t.app.inject({ method: "GET", url: "/healthz", headers: { [REQUEST_ID_HEADER]: "pinned-on-someone" }, remoteAddress: "203.0.113.9" });
    expect(fromOutside.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const unusable = await t.app.inject({ method: "GET", url: "/healthz", headers: { [REQUEST_ID_HEADER]: "line\nbreak" }, remoteAddress: "127.0.0.1" });
    expect(unusable.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
