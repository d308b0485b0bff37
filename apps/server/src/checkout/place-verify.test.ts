import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayment } from "@mithai/api";
import { eq } from "@mithai/db/sql";
import { cartItems, foodItems, orders, payments } from "@mithai/db/schema";
import { jsonOf, type TestApp } from "../testing";
import { orderNumberOf } from "@mithai/schema";
import {
  createCheckoutApp,
  createCustomer,
  eventually,
  fillCart,
  mailsIn,
  newestMail,
  payInSandboxWindow,
  placeOrderVia,
  testAddress,
  verifyVia,
} from "./fixtures";

describe("placing and verifying an order", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp();
  });
  afterAll(() => t.close());

  it("charges current catalogue prices from the server cart, whatever amount the client sends", async () => {
    const buyer = await createCustomer(t);
    const [a, b] = await fillCart(t, buyer, [2, 1]);
    const { status, body } = await placeOrderVia(t, buyer, { address: testAddress, amount: 1 });
    expect(status).toBe(200);
    const expected = a!.pricePaise * 2 + b!.pricePaise;
    expect(body).toMatchObject({ success: true, amount: expected, currency: "INR", key: t.env.payments.keyId, discountApplied: false });
    expect(body.razorpayOrderId).toMatch(/^order_/);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ paymentStatus: "pending", amountPaise: expected, subtotalPaise: expected, razorpayOrderId: body.razorpayOrderId });
    expect(order!.items.map((i) => [i.foodItemId, i.quantity, i.unitPricePaise])).toEqual([
      [a!.id, 2, a!.pricePaise],
      [b!.id, 1, b!.pricePaise],
    ]);
    expect(order!.address.mobile).toBe("+919876543210");
  });

  it("refuses an empty cart, a bad address and a missing token, creating nothing", async () => {
    const buyer = await createCustomer(t);
    expect(await placeOrderVia(t, buyer)).toMatchObject({ status: 400, body: { success: false, message: "Your cart is empty" } });
    const [item] = await fillCart(t, buyer, [1]);
    expect(await placeOrderVia(t, buyer, { address: { ...testAddress, pincode: "012345" } })).toMatchObject({
      status: 400,
      body: { message: "address.pincode: PIN code must be 6 digits and cannot start with 0" },
    });
    expect(await placeOrderVia(t, buyer, { address: { ...testAddress, mobile: "12345" } })).toMatchObject({ status: 400 });
    expect(await placeOrderVia(t, buyer, { address: { ...testAddress, street: " " } })).toMatchObject({ status: 400 });
    await t.database.db.update(cartItems).set({ quantity: 100 }).where(eq(cartItems.userId, buyer.userId));
    await t.database.db.update(foodItems).set({ pricePaise: 10_000_000 }).where(eq(foodItems.id, item!.id));
    expect(await placeOrderVia(t, buyer)).toMatchObject({ status: 400, body: { message: expect.stringContaining("cannot be paid online") } });
    await t.database.db.update(foodItems).set({ pricePaise: item!.pricePaise }).where(eq(foodItems.id, item!.id));
    const anonymous = await t.app.inject({ method: "POST", url: "/api/order/place", payload: { address: testAddress } });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
  });

  it("pays: verify marks it paid once, clears the cart, mails once and lists it for the customer", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [3]);
    const placed = (await placeOrderVia(t, buyer)).body;
    const mailsBefore = await mailsIn(t);
    const paid = await payInSandboxWindow(t, placed);

    const verified = await verifyVia(t, buyer, { ...paid.response, amount: 1, items: [] });
    expect(verified).toEqual({ status: 200, body: { success: true, orderId: placed.orderId, discountApplied: false, orderCount: 0 } });
    await eventually(async () => (await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).length === 1);
    // The webhook the sandbox also sent lands as well: still one paid order and one mail.
    await eventually(async () => (await mailsIn(t)) === mailsBefore + 1);
    const mail = await newestMail(t);
    // The receipt goes to the account's e-mail; the delivery contact's (testAddress.email) is never mailed (issue 26).
    expect(mail).toContain(`To: ${buyer.email}`);
    expect(mail).not.toContain(testAddress.email);
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toMatch(/Tax invoice MTH\/\d\d-\d\d\/\d+: download it from your orders/);
    expect(mail).toContain(`Subject: Mithai: order ${orderNumberOf(placed.orderId)} confirmed`);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ paymentStatus: "paid", status: "Order Recieved", paymentId: paid.response!.razorpay_payment_id });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).toEqual([]);

    const list = await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: { token: buyer.token } });
    expect(jsonOf(list)).toEqual({
      success: true,
      data: [
        {
          _id: placed.orderId,
          orderNumber: orderNumberOf(placed.orderId),
          items: [{ _id: order!.items[0]!.foodItemId, name: order!.items[0]!.name, quantity: 3, price: order!.items[0]!.unitPricePaise / 100 }],
          subtotal: (order!.items[0]!.unitPricePaise * 3) / 100,
          discount: 0,
          promoCode: null,
          deliveryCharge: 0,
          amount: placed.amount / 100,
          createdAt: order!.createdAt.toISOString(),
          paymentId: paid.response!.razorpay_payment_id,
          status: "Order Recieved",
          address: { ...testAddress, mobile: "+919876543210" },
          paidAt: order!.paidAt!.toISOString(),
          refunds: [],
          refundedAmount: 0,
          net: placed.amount / 100,
          statusHistory: [{ status: "Order Recieved", at: order!.paidAt!.toISOString() }],
          invoiceNumber: expect.stringMatching(/^MTH\/\d\d-\d\d\/\d+$/),
          allowedNext: ["Food Processing", "Out for delivery", "Delivered", "Cancelled"],
          cancelClawback: 0,
        },
      ],
    });
  });

  it("refuses a tampered signature and changes nothing", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const placed = (await placeOrderVia(t, buyer)).body;
    const forged = signPayment(placed.razorpayOrderId, "pay_forged", "not-the-key-secret");
    const res = await verifyVia(t, buyer, { razorpay_order_id: placed.razorpayOrderId, razorpay_payment_id: "pay_forged", razorpay_signature: forged });
    expect(res).toMatchObject({ status: 400, body: { success: false } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ paymentStatus: "pending", paymentId: null, status: "" });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).toHaveLength(1);
  });

  it("refuses to verify someone else's order, even with a valid signature", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    await fillCart(t, owner, [1]);
    const placed = (await placeOrderVia(t, owner)).body;
    const signed = { razorpay_order_id: placed.razorpayOrderId, razorpay_payment_id: "pay_x", razorpay_signature: signPayment(placed.razorpayOrderId, "pay_x", t.env.payments.keySecret) };
    expect(await verifyVia(t, stranger, signed)).toMatchObject({ status: 400, body: { success: false } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.paymentStatus).toBe("pending");
  });

  it("a failed payment fails the order: not listed, cart kept, no mail", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const placed = (await placeOrderVia(t, buyer)).body;
    const mailsBefore = await mailsIn(t);
    const answer = await payInSandboxWindow(t, placed, "failure");
    expect(answer.status).toBe("failed");
    await eventually(async () => (await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.paymentStatus === "failed");
    const list = await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: { authorization: `Bearer ${buyer.token}` } });
    expect(jsonOf(list)).toEqual({ success: true, data: [] });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).toHaveLength(1);
    expect(await mailsIn(t)).toBe(mailsBefore);
  });

  it("previews the charge over tRPC for the signed-in customer only", async () => {
    const buyer = await createCustomer(t);
    const [item] = await fillCart(t, buyer, [2]);
    const anonymous = await t.app.inject({ method: "GET", url: "/trpc/order.preview" });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/trpc/order.preview", headers: { authorization: `Bearer ${buyer.token}` } });
    expect(jsonOf<{ result: { data: unknown } }>(res).result.data).toMatchObject({
      subtotal: (item!.pricePaise * 2) / 100,
      amount: (item!.pricePaise * 2) / 100,
      discount: 0,
      discountApplied: false,
      paymentMode: "sandbox",
      lines: [{ _id: item!.id, quantity: 2, lineTotal: (item!.pricePaise * 2) / 100 }],
    });
  });

  it("limits how often one customer can place orders", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await placeOrderVia(t, buyer)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("placing an order while the payment provider does not answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp();
  });
  afterAll(() => t.close());

  it("answers 502 with a message, stores no order and keeps the cart", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1, 2]);
    const reachable = t.app.deps.config.internalUrl;
    t.app.deps.config.internalUrl = "http://127.0.0.1:1"; // nothing listens there
    try {
      expect(await placeOrderVia(t, buyer)).toMatchObject({
        status: 502,
        body: { success: false, message: "The payment service is not answering. Please try again in a minute." },
      });
    } finally {
      t.app.deps.config.internalUrl = reachable;
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).toHaveLength(2);
    // Once the provider answers again the same cart can be ordered.
    expect(await placeOrderVia(t, buyer)).toMatchObject({ status: 200, body: { success: true } });
  });
});
