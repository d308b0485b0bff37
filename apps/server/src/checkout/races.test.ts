import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxOrder, signWebhook } from "@mithai/api";
import { count, eq } from "@mithai/db/sql";
import { orders, payments } from "@mithai/db/schema";
import type { PlacedOrder } from "@mithai/schema";
import type { TestApp } from "../testing";
import { createTwinApps, createCustomer, fillCart, mailsIn, placeOrderVia, sendWebhook, verifyVia, type Customer } from "./fixtures";

/**
 * Any interleaving of verify, webhook and reconciler gives one paid order, one payment row, one mail.
 * Two app instances share one database, as two server processes would (on PGlite they share its one connection).
 */
describe("payment completion races", () => {
  let one: TestApp;
  let two: TestApp;
  let closeApps: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, close: closeApps } = await createTwinApps());
  });
  afterAll(() => closeApps());

  /** A placed order paid at the sandbox gateway, with nothing delivered yet: the test decides who reports it. */
  async function paidAtGateway(buyer: Customer) {
    await fillCart(one, buyer, [1, 2]);
    const placed = (await placeOrderVia(one, buyer)).body;
    const outcome = await paySandboxOrder(one.database.db, one.env.payments, { orderId: placed.razorpayOrderId, method: "card", succeed: true });
    return { placed, checkout: outcome.checkoutResponse!, webhook: outcome.webhook };
  }


  async function expectPaidOnce(placed: PlacedOrder, mailsBefore: number) {
    const [order] = await one.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.paymentStatus).toBe("paid");
    const [rows] = await one.database.db.select({ n: count() }).from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows!.n).toBe(1);
    expect(await mailsIn(one, two)).toBe(mailsBefore + 1);
  }

  it("verify replayed 20 times at once, across two servers → one paid order, one mail", async () => {
    const buyer = await createCustomer(one);
    const { placed, checkout } = await paidAtGateway(buyer);
    const mailsBefore = await mailsIn(one, two);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verifyVia(i % 2 ? two : one, buyer, checkout)));
    for (const answer of answers) expect(answer.body).toEqual({ success: true, orderId: placed.orderId, discountApplied: false, orderCount: 0 });
    await expectPaidOnce(placed, mailsBefore);
  });

  it("verify and webhooks racing → one paid order, one mail", async () => {
    const buyer = await createCustomer(one);
    const { placed, checkout, webhook } = await paidAtGateway(buyer);
    const mailsBefore = await mailsIn(one, two);
    const results = await Promise.all([
      sendWebhook(two, webhook),
      verifyVia(one, buyer, checkout),
      sendWebhook(one, { ...webhook, eventId: `${webhook.eventId}-retry` }),
      verifyVia(two, buyer, checkout),
    ]);
    expect(results.map((r) => ("statusCode" in r ? r.statusCode : r.status))).toEqual([200, 200, 200, 200]);
    await expectPaidOnce(placed, mailsBefore);
  });

  it("a duplicate webhook (same event id) is dropped", async () => {
    const buyer = await createCustomer(one);
    const { placed, webhook } = await paidAtGateway(buyer);
    const mailsBefore = await mailsIn(one, two);
    const [first, second] = await Promise.all([sendWebhook(one, webhook), sendWebhook(two, webhook)]);
    expect([first.json().outcome, second.json().outcome].sort()).toEqual(["duplicate", "processed"]);
    expect((await sendWebhook(one, webhook)).json()).toEqual({ success: true, outcome: "duplicate" });
    await expectPaidOnce(placed, mailsBefore);
  });

  it("a webhook with a bad signature is refused and changes nothing", async () => {
    const buyer = await createCustomer(one);
    const { placed, webhook } = await paidAtGateway(buyer);
    const forged = await sendWebhook(one, { ...webhook, signature: signWebhook(webhook.body, "guessed-secret") });
    expect(forged.statusCode).toBe(400);
    const tampered = await sendWebhook(one, { ...webhook, body: webhook.body.replace(/"amount":\d+/, '"amount":100') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await one.app.inject({ method: "POST", url: "/api/payments/razorpay/webhook", headers: { "content-type": "application/json" }, payload: webhook.body });
    expect(unsigned.statusCode).toBe(400);
    const [order] = await one.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.paymentStatus).toBe("pending");
    // The genuine event is still processed afterwards: the refused ones were not recorded as seen.
    expect((await sendWebhook(one, webhook)).json()).toEqual({ success: true, outcome: "processed" });
  });

  it("a webhook whose amount differs from the order is not finalized", async () => {
    const buyer = await createCustomer(one);
    const { placed, webhook } = await paidAtGateway(buyer);
    const body = webhook.body.replace(/"amount":\d+/g, '"amount":100');
    const res = await sendWebhook(one, { body, signature: signWebhook(body, one.env.payments.webhookSecret!), eventId: "evt_underpaid" });
    expect(res.statusCode).toBe(200);
    const [order] = await one.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.paymentStatus).toBe("pending");
  });
});
