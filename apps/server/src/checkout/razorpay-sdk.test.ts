import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PINNED_RAZORPAY_VERSION, createRazorpayClient, fetchProviderPayments } from "@mithai/api/payments/razorpay-client";
import { eq } from "@mithai/db/sql";
import { sandboxGatewayOrders } from "@mithai/db/schema";
import type { TestApp } from "../testing";
import { createCheckoutApp } from "./fixtures";

// The sandbox relies on the SDK's private HTTP client (api.rq, an axios instance): these tests fail if an
// upgrade moves it, instead of the shop silently calling api.razorpay.com with sandbox keys.
describe("the real Razorpay SDK talks to the sandbox gateway", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp({ seed: false });
  });
  afterAll(() => t.close());

  it("is the pinned version", () => {
    const require = createRequire(import.meta.resolve("@mithai/api/payments/razorpay-client"));
    const pkg = JSON.parse(readFileSync(require.resolve("razorpay/package.json"), "utf8")) as { version: string };
    expect(pkg.version).toBe(PINNED_RAZORPAY_VERSION);
  });

  it("sends orders.create to our server, which stores the order", async () => {
    const client = createRazorpayClient(t.app.deps.config);
    expect(client.api).toHaveProperty("rq.defaults.baseURL", `${t.app.deps.config.internalUrl}/sandbox/razorpay`);
    const created = await client.orders.create({ amount: 12_345, currency: "INR", receipt: "our-order-1" });
    expect(created).toMatchObject({ entity: "order", amount: 12_345, currency: "INR", receipt: "our-order-1", status: "created" });
    const [stored] = await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, created.id));
    expect(stored).toMatchObject({ amountPaise: 12_345, receipt: "our-order-1" });

    expect(await client.orders.fetch(created.id)).toMatchObject({ id: created.id, amount_paid: 0 });
    expect(await fetchProviderPayments(t.app.deps.config, created.id)).toEqual([]);
  });

  it("is refused by the fake with the wrong key secret", async () => {
    const config = { ...t.app.deps.config, payments: { ...t.app.deps.config.payments, keySecret: "wrong" } };
    await expect(createRazorpayClient(config).orders.create({ amount: 100, currency: "INR" })).rejects.toMatchObject({
      statusCode: 401,
      error: { description: "Authentication failed" },
    });
  });

  it("leaves the SDK on Razorpay's own host in razorpay mode", () => {
    const config = { ...t.app.deps.config, payments: { ...t.app.deps.config.payments, mode: "razorpay" as const } };
    expect(createRazorpayClient(config).api).toHaveProperty("rq.defaults.baseURL", "https://api.razorpay.com");
  });
});
