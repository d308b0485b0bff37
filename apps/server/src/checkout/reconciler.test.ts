import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxOrder, reconcilePendingOrders } from "@mithai/api";
import { eq } from "@mithai/db/sql";
import { cartItems, orders } from "@mithai/db/schema";
import type { TestApp } from "../testing";
import { createTwinApps, createCustomer, fillCart, mailsIn, placeOrderVia } from "./fixtures";

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("the reconciler", () => {
  let one: TestApp;
  let two: TestApp;
  let closeApps: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, close: closeApps } = await createTwinApps());
  });
  afterAll(() => closeApps());

  async function statusOf(orderId: string) {
    const [order] = await one.database.db.select().from(orders).where(eq(orders.id, orderId));
    return order!.paymentStatus;
  }

  it("finalizes an order paid in a browser that closed before verify (once, with two servers reconciling)", async () => {
    const buyer = await createCustomer(one);
    await fillCart(one, buyer, [1]);
    const placed = (await placeOrderVia(one, buyer)).body;
    // Paid at the gateway; neither verify nor the webhook ever reaches us.
    await paySandboxOrder(one.database.db, one.env.payments, { orderId: placed.razorpayOrderId, method: "upi", succeed: true });

    await reconcilePendingOrders(one.app.deps, minutesFromNow(1));
    expect(await statusOf(placed.orderId)).toBe("pending");

    const mailsBefore = await mailsIn(one, two);
    const later = minutesFromNow(6);
    await Promise.all([reconcilePendingOrders(one.app.deps, later), reconcilePendingOrders(two.app.deps, later)]);
    expect(await statusOf(placed.orderId)).toBe("paid");
    expect(await mailsIn(one, two)).toBe(mailsBefore + 1);
    expect(await one.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).toEqual([]);
  });

  it("expires an order still unpaid after 30 minutes, and a late payment still finalizes it", async () => {
    const buyer = await createCustomer(one);
    await fillCart(one, buyer, [1]);
    const placed = (await placeOrderVia(one, buyer)).body;

    await reconcilePendingOrders(one.app.deps, minutesFromNow(10));
    expect(await statusOf(placed.orderId)).toBe("pending");
    await reconcilePendingOrders(one.app.deps, minutesFromNow(31));
    expect(await statusOf(placed.orderId)).toBe("expired");

    // Money taken after expiry is still accounted for: the webhook revives the order as paid.
    const late = await paySandboxOrder(one.database.db, one.env.payments, { orderId: placed.razorpayOrderId, method: "card", succeed: true });
    const res = await one.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: { "content-type": "application/json", "x-razorpay-signature": late.webhook.signature, "x-razorpay-event-id": late.webhook.eventId },
      payload: late.webhook.body,
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(placed.orderId)).toBe("paid");
  });
});
