import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxOrder, reconcilePendingOrders } from "@mithai/api";
import { asc, eq } from "@mithai/db/sql";
import { foodItems, orderStatusChanges, orders, refunds } from "@mithai/db/schema";
import type { AdminCustomerPage, CustomerOrder, PlacedOrder, PromoCode } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, eventually, payInSandboxWindow, placeOrderVia, testAddress, verifyVia, type Customer } from "./fixtures";

/**
 * Issue 25's reproductions, each against the built app through REST and tRPC: every way an order moves goes through
 * the one lifecycle (packages/api/src/lifecycle), which re-checks the shop's rules at payment time and takes and gives
 * back claims (promo use, discount slot, stock) only in its moves.
 */
describe("one order lifecycle (issue 25)", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let item: { id: string; pricePaise: number; name: string };
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
    [item] = (await t.database.db.select({ id: foodItems.id, pricePaise: foodItems.pricePaise, name: foodItems.name }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1)) as [typeof item];
  });
  afterAll(() => t.close());

  const place = (buyer: Customer, kg: number, extra: Record<string, unknown> = {}, itemId = item.id) =>
    placeOrderVia(t, buyer, { address: testAddress, items: [{ _id: itemId, quantity: kg }], ...extra });
  const trpc = (path: string, token: string, input: unknown) =>
    t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { ...bearer(token), "content-type": "application/json" }, payload: JSON.stringify(input) });
  const abandon = (buyer: Customer, orderId: string) => trpc("order.abandon", buyer.token, { orderId });
  const pay = async (buyer: Customer, placed: PlacedOrder) => verifyVia(t, buyer, (await payInSandboxWindow(t, placed)).response!);
  const stored = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const createPromo = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/promos", headers: bearer(admin.token), payload: body });
    expect(res.statusCode).toBe(200);
    return jsonOf<{ data: PromoCode }>(res).data;
  };
  const promo = async (code: string) => jsonOf<{ data: PromoCode[] }>(await t.app.inject({ method: "GET", url: "/api/admin/promos", headers: bearer(admin.token) })).data.find((p) => p.code === code)!;
  const myOrders = async (buyer: Customer) => jsonOf<{ data: CustomerOrder[] }>(await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: bearer(buyer.token) })).data;
  const cancel = (buyer: Customer, orderId: string) => t.app.inject({ method: "POST", url: "/api/order/cancel", headers: bearer(buyer.token), payload: { orderId } });
  const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  /** A paid first order of the month, a discounted second placed (not paid), then the first cancelled: ₹150 kept back. */
  const cancelFirstOfTwo = async (buyer: Customer) => {
    const first = (await place(buyer, 1)).body;
    expect((await pay(buyer, first)).status).toBe(200);
    const second = (await place(buyer, 2)).body;
    expect(second.discountApplied).toBe(true);
    expect((await cancel(buyer, first.orderId)).statusCode).toBe(200);
    return { first, second };
  };
  const setPrice = async (itemId: string, pricePaise: number) => {
    await t.database.db.update(foodItems).set({ pricePaise }).where(eq(foodItems.id, itemId));
    await t.app.deps.catalog.changed();
  };

  it("1. a single-use promo code is paid at most once, however often the customer places, abandons and pays late", async () => {
    await createPromo({ code: "HALFONCE", kind: "percent", value: 50, maxUses: 1, maxUsesPerCustomer: 1 });
    const buyer = await createCustomer(t);
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await place(buyer, 1, { promoCode: "HALFONCE" });
      expect(answer).toMatchObject({ status: 200, body: { promoApplied: true } });
      placed.push(answer.body);
      expect((await abandon(buyer, answer.body.orderId)).statusCode).toBe(200);
    }
    // Every old Razorpay order is paid late: the first takes the code's one use, the others are refunded in full.
    const answers = [];
    for (const order of placed) answers.push(await pay(buyer, order));
    expect(answers.map((a) => a.body)).toEqual([
      expect.objectContaining({ success: true }),
      expect.objectContaining({ success: false, code: "PROMO_ALREADY_USED" }),
      expect.objectContaining({ success: false, code: "PROMO_ALREADY_USED" }),
    ]);
    expect(await promo("HALFONCE")).toMatchObject({ uses: 1, overrun: 0 });
    expect((await Promise.all(placed.map((order) => stored(order.orderId)))).map((order) => order.paymentStatus)).toEqual(["paid", "refunded", "refunded"]);
    const given = await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed[1]!.orderId));
    expect(given).toMatchObject([{ amountPaise: placed[1]!.amount, reasonCode: "PROMO_ALREADY_USED" }]);
  });

  it("2. the ₹150 discount counts kept orders only: a cancelled first order does not make the next one the 2nd; cancelling the first after a discounted 2nd keeps ₹150 back", async () => {
    const buyer = await createCustomer(t);
    const first = (await place(buyer, 1)).body;
    expect((await pay(buyer, first)).status).toBe(200);
    expect((await cancel(buyer, first.orderId)).statusCode).toBe(200);
    const next = (await place(buyer, 2)).body;
    expect(next.discountApplied).toBe(false);
    await abandon(buyer, next.orderId);

    // The other order: the discounted 2nd order is placed and paid, then the 1st is cancelled.
    const other = await createCustomer(t);
    const one = (await place(other, 1)).body;
    expect((await pay(other, one)).status).toBe(200);
    const two = (await place(other, 3)).body;
    expect(two.discountApplied).toBe(true);
    expect((await pay(other, two)).status).toBe(200);
    // Said before the customer confirms: cancelling the 1st now keeps back the ₹150 the 2nd got through it.
    expect((await myOrders(other)).find((order) => order._id === one.orderId)).toMatchObject({ cancelClawback: 150 });
    const cancelled = await cancel(other, one.orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(jsonOf<{ refund: { amount: number }; message: string }>(cancelled)).toMatchObject({ refund: { amount: (one.amount - 15_000) / 100 }, message: expect.stringContaining("₹150 is kept back") });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, one.orderId))).toMatchObject([{ amountPaise: one.amount - 15_000, clawbackPaise: 15_000 }]);
    // The credit note says it too, once the bank has processed the refund.
    await eventually(async () => (await myOrders(other)).find((order) => order._id === one.orderId)?.refunds[0]?.creditNoteNumber != null);
    const number = (await myOrders(other)).find((order) => order._id === one.orderId)!.refunds[0]!.creditNoteNumber!;
    const input = encodeURIComponent(JSON.stringify({ orderId: one.orderId, number }));
    const note = jsonOf<{ result: { data: { reference: { reason: string } } } }>(await t.app.inject({ method: "GET", url: `/trpc/order.creditNote?input=${input}`, headers: bearer(other.token) }));
    expect(note.result.data.reference.reason).toMatch(/Rs\. 150\.00 kept back because a later discounted order of the month relied on this one/);
  });

  it("2b. the ₹150 kept back comes back when the discounted order it was kept for does not go ahead: abandoned unpaid, or cancelled itself", async () => {
    // Cancelled while the discounted 2nd order waited for its payment: ₹150 kept back; the 2nd is then abandoned.
    const buyer = await createCustomer(t);
    const { first, second } = await cancelFirstOfTwo(buyer);
    expect(await refundsOf(first.orderId)).toMatchObject([{ amountPaise: first.amount - 15_000, clawbackPaise: 15_000 }]);
    expect((await abandon(buyer, second.orderId)).statusCode).toBe(200);
    expect(await refundsOf(first.orderId)).toMatchObject([
      { amountPaise: first.amount - 15_000, clawbackPaise: 15_000 },
      { amountPaise: 15_000, clawbackPaise: 0, reason: "The clawback returned: the later discounted order it was kept back for was not paid, or was cancelled" },
    ]);
    // Its late payment now finds the discount unearned, and is refunded in full.
    expect(await pay(buyer, second)).toMatchObject({ status: 400, body: { code: "DISCOUNT_NOT_EARNED" } });

    // The discounted 2nd order paid, the 1st cancelled (₹150 kept), then the 2nd cancelled too: the ₹150 comes back.
    const other = await createCustomer(t);
    const one = (await place(other, 1)).body;
    expect((await pay(other, one)).status).toBe(200);
    const two = (await place(other, 2)).body;
    expect((await pay(other, two)).status).toBe(200);
    expect((await cancel(other, one.orderId)).statusCode).toBe(200);
    expect((await refundsOf(one.orderId)).map((r) => r.amountPaise)).toEqual([one.amount - 15_000]);
    expect((await cancel(other, two.orderId)).statusCode).toBe(200);
    expect((await refundsOf(one.orderId)).map((r) => r.amountPaise)).toEqual([one.amount - 15_000, 15_000]);
    expect((await refundsOf(two.orderId)).map((r) => r.amountPaise)).toEqual([two.amount]);
    // Everything paid is on its way back, nothing more: both orders' refunds settle to what was paid.
    await eventually(async () => (await refundsOf(one.orderId)).every((r) => r.status === "processed"));
    expect((await myOrders(other)).find((order) => order._id === one.orderId)).toMatchObject({ refundedAmount: one.amount / 100 });
  });

  it("2c. the ₹150 comes back once, however many discounted orders of the month end, even while the cancel's own refund failed", async () => {
    const buyer = await createCustomer(t);
    const { first, second } = await cancelFirstOfTwo(buyer);
    // The bank fails the cancel's refund (left for an admin to retry); then the discounted order is abandoned.
    await t.database.db.update(refunds).set({ status: "failed", failureReason: "the bank said no" }).where(eq(refunds.orderId, first.orderId));
    expect((await abandon(buyer, second.orderId)).statusCode).toBe(200);
    // Another kept order, and a discounted one standing on it, which also ends unpaid.
    const third = (await place(buyer, 1)).body;
    expect((await pay(buyer, third)).status).toBe(200);
    const fourth = (await place(buyer, 2)).body;
    expect(fourth.discountApplied).toBe(true);
    expect((await abandon(buyer, fourth.orderId)).statusCode).toBe(200);
    expect((await refundsOf(first.orderId)).map((r) => [r.amountPaise, r.status === "failed"])).toEqual([
      [first.amount - 15_000, true],
      [15_000, false],
    ]);
    // The admin's retry of the failed refund then brings the total to what was paid, no more.
    const failed = (await refundsOf(first.orderId))[0]!;
    const retried = await trpc("admin.retryRefund", admin.token, { id: failed.id });
    expect(retried.statusCode).toBe(200);
    expect((await refundsOf(first.orderId)).filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountPaise, 0)).toBe(first.amount);
  });

  it("3. a late payment for an item since removed, or priced higher, is refunded in full, never paid", async () => {
    const [pricey] = (await t.database.db.select({ id: foodItems.id, pricePaise: foodItems.pricePaise }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1).offset(1)) as [{ id: string; pricePaise: number }];
    const buyer = await createCustomer(t);
    const raised = (await place(buyer, 5, {}, pricey.id)).body;
    await abandon(buyer, raised.orderId);
    await setPrice(pricey.id, pricey.pricePaise * 3);
    try {
      const verified = await pay(buyer, raised);
      expect(verified).toMatchObject({ status: 400, body: { success: false, code: "PRICE_CHANGED" } });
      expect(await stored(raised.orderId)).toMatchObject({ paymentStatus: "refunded", status: "" });
      await eventually(async () => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, raised.orderId)))[0]?.status === "processed");
    } finally {
      await setPrice(pricey.id, pricey.pricePaise);
    }

    const [gone] = (await t.database.db.select({ id: foodItems.id }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1).offset(2)) as [{ id: string }];
    const other = await createCustomer(t);
    const removed = (await place(other, 1, {}, gone.id)).body;
    await abandon(other, removed.orderId);
    await t.database.db.update(foodItems).set({ removedAt: new Date() }).where(eq(foodItems.id, gone.id));
    try {
      expect(await pay(other, removed)).toMatchObject({ status: 400, body: { code: "ITEM_GONE" } });
      expect((await stored(removed.orderId)).paymentStatus).toBe("refunded");
    } finally {
      await t.database.db.update(foodItems).set({ removedAt: null }).where(eq(foodItems.id, gone.id));
    }
  });

  it("4. stock is held by one open order per customer, for PAYMENT_WINDOW_MINUTES at most", async () => {
    await t.database.db.update(foodItems).set({ stockKg: 3 }).where(eq(foodItems.id, item.id));
    await t.app.deps.catalog.changed();
    const stockLeft = async () => (await t.database.db.select({ stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, item.id)))[0]!.stockKg;
    try {
      const hoarder = await createCustomer(t);
      const first = (await place(hoarder, 2)).body;
      const second = await place(hoarder, 2);
      // The second place expired the first, whose 2 kg came back: only the open order's 2 kg are held.
      expect(second.status).toBe(200);
      expect((await stored(first.orderId)).paymentStatus).toBe("expired");
      expect(await stockLeft()).toBe(1);
      // Past the payment window (15 minutes by default) the reconciler expires it and the stock is back on sale.
      const later = new Date(Date.now() + (t.app.deps.config.paymentWindowMinutes + 1) * 60_000);
      await reconcilePendingOrders(t.app.deps, later);
      expect((await stored(second.body.orderId)).paymentStatus).toBe("expired");
      expect(await stockLeft()).toBe(3);
    } finally {
      await t.database.db.update(foodItems).set({ stockKg: null }).where(eq(foodItems.id, item.id));
      await t.app.deps.catalog.changed();
    }
  });

  it("4b. placing again after paying at the provider (the browser closed before verify) pays the open order, never expires it", async () => {
    const buyer = await createCustomer(t);
    const first = (await place(buyer, 1)).body;
    // Paid at the provider; its webhook is late (or was lost with a server that died), and verify never came.
    await paySandboxOrder(t.database.db, t.env.payments, { orderId: first.razorpayOrderId, method: "upi", succeed: true });
    const second = await place(buyer, 2);
    expect(second.status).toBe(200);
    expect((await stored(first.orderId)).paymentStatus).toBe("paid");
    expect((await stored(second.body.orderId)).paymentStatus).toBe("pending");
  });

  it("5. a payment window closed without paying does not keep the promo used: the cart and a new place take it again", async () => {
    await createPromo({ code: "ONEEACH5", kind: "flat", value: 20, maxUsesPerCustomer: 1 });
    const buyer = await createCustomer(t);
    const first = await place(buyer, 1, { promoCode: "ONEEACH5" });
    expect(first.status).toBe(200);
    // The window was closed (no abandon call reached the shop): the cart still offers the code…
    await t.app.inject({ method: "POST", url: "/api/cart/add", headers: bearer(buyer.token), payload: { itemId: item.id } });
    const applied = await t.app.inject({ method: "POST", url: "/api/promo/apply", headers: bearer(buyer.token), payload: { code: "ONEEACH5" } });
    expect(applied.statusCode).toBe(200);
    // …and placing again takes it over from the open order, which expires.
    const again = await place(buyer, 1, { promoCode: "ONEEACH5" });
    expect(again).toMatchObject({ status: 200, body: { promoApplied: true } });
    expect((await stored(first.body.orderId)).paymentStatus).toBe("expired");
    expect(await promo("ONEEACH5")).toMatchObject({ pending: 1 });
  });

  it("6. a cancelled order cannot be set to Delivered (REST, tRPC): 409 TRANSITION_NOT_ALLOWED, nothing changes, no mail", async () => {
    const buyer = await createCustomer(t);
    const placed = (await place(buyer, 1)).body;
    expect((await pay(buyer, placed)).status).toBe(200);
    expect((await cancel(buyer, placed.orderId)).statusCode).toBe(200);
    const timeline = async () => t.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, placed.orderId));
    const before = await timeline();

    const rest = await t.app.inject({ method: "PUT", url: "/api/order/update-status", headers: bearer(admin.token), payload: { orderId: placed.orderId, status: "Delivered" } });
    expect(rest.statusCode).toBe(409);
    expect(jsonOf(rest)).toMatchObject({ success: false, code: "TRANSITION_NOT_ALLOWED" });
    const viaTrpc = await trpc("admin.updateOrderStatus", admin.token, { orderId: placed.orderId, status: "Delivered" });
    expect(viaTrpc.statusCode).toBe(409);
    expect(jsonOf<{ error: { data: { code: string } } }>(viaTrpc).error.data.code).toBe("TRANSITION_NOT_ALLOWED");
    expect((await stored(placed.orderId)).status).toBe("Cancelled");
    expect(await timeline()).toEqual(before);
    // The admin list offers no next status for it.
    const listed = jsonOf<{ data: { _id: string; allowedNext: string[] }[] }>(
      await t.app.inject({ method: "GET", url: `/api/order/list?q=${placed.orderId.slice(0, 8)}&paymentStatus=paid`, headers: bearer(admin.token) }),
    );
    expect(listed.data.find((order) => order._id === placed.orderId)?.allowedNext).toEqual([]);
  });

  it("7. the customers list shows net spent (paid − refunded), as the dashboard does", async () => {
    const buyer = await createCustomer(t);
    const placed = (await place(buyer, 2)).body;
    expect((await pay(buyer, placed)).status).toBe(200);
    const refunded = await t.app.inject({ method: "POST", url: `/api/admin/orders/${placed.orderId}/refund`, headers: bearer(admin.token), payload: { amount: 100, reason: "One box was damaged" } });
    expect(refunded.statusCode).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ q: buyer.email }));
    const page = jsonOf<{ result: { data: AdminCustomerPage } }>(await t.app.inject({ method: "GET", url: `/trpc/admin.customers?input=${input}`, headers: bearer(admin.token) })).result.data;
    expect(page.data).toMatchObject([{ paidOrders: 1, totalSpent: placed.amount / 100 - 100 }]);
  });
});
