import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server, type Socket } from "node:net";
import { createProviderOrder, createRazorpayClient, fetchProviderPayments, PINNED_RAZORPAY_VERSION, PROVIDER_TIMEOUT_MS } from "@mithai/api";
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
    const require = createRequire(import.meta.resolve("@mithai/api"));
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
    expect(await fetchProviderPayments(t.app.deps, created.id)).toEqual([]);
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

  it("gives every call a time limit, in either mode (the SDK has none of its own)", () => {
    for (const mode of ["sandbox", "razorpay"] as const) {
      const config = { ...t.app.deps.config, payments: { ...t.app.deps.config.payments, mode } };
      expect(createRazorpayClient(config).api).toHaveProperty("rq.defaults.timeout", PROVIDER_TIMEOUT_MS);
    }
  });
});

describe("a provider that takes the connection and never answers", () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let connections = 0;
  let internalUrl: string;
  beforeAll(async () => {
    silent = createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    internalUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const config = () => ({
    internalUrl,
    payments: { mode: "sandbox" as const, keyId: "rzp_test_silent", keySecret: "secret", webhookSecret: "hook", providerTimeoutMs: 300 },
  });

  it("fails the checkout's call with 'not answering' once the time is up, instead of holding it open", async () => {
    const started = Date.now();
    await expect(createProviderOrder({ config: config() }, { id: "our-order-silent", amountPaise: 10_000, currency: "INR" })).rejects.toMatchObject({
      code: "PROVIDER_UNAVAILABLE",
      message: "The payment service is not answering. Please try again in a minute.",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // It reached the provider and waited: a timeout, not a refused connection.
    expect(connections).toBeGreaterThan(0);
  });

  it("fails a payment lookup too, so verify and the reconciler can answer and try later", async () => {
    const started = Date.now();
    const before = connections;
    // Said in the SDK's own error shape (no HTTP answer: status 0); the reconciler logs it and tries the order later.
    await expect(fetchProviderPayments({ config: config() }, "order_silent")).rejects.toMatchObject({
      statusCode: 0,
      error: { code: "NO_ANSWER", description: "the payment service did not answer (ECONNABORTED)" },
    });
    expect(connections).toBeGreaterThan(before);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
