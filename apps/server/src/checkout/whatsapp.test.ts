import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateOrderStatus } from "@mithai/api";
import { count, eq } from "@mithai/db/sql";
import { cartItems, mailOutbox, orders } from "@mithai/db/schema";
import type { PlacedOrder, SandboxWhatsappMessage } from "@mithai/schema";
import { bearer } from "../rest/admin-fixtures";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, eventually, fillCart, payInSandboxWindow, placeOrderVia, testAddress, type Customer } from "./fixtures";

/** Order updates on WhatsApp (DECISIONS "The shopper's next step"): the opt-in at place, and the sandbox that keeps the messages. */
describe("order updates on WhatsApp, with the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp();
  });
  afterAll(() => t.close());

  const trpcPlace = (buyer: Customer, input: unknown) =>
    t.app.inject({ method: "POST", url: "/trpc/order.place", headers: { ...bearer(buyer.token), "content-type": "application/json" }, payload: JSON.stringify(input) });
  const stored = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const sandboxMessages = async () => {
    await t.app.deps.outbox.drain();
    const res = await t.app.inject({ method: "GET", url: "/sandbox/whatsapp/messages" });
    expect(res.statusCode).toBe(200);
    return jsonOf<{ messages: SandboxWhatsappMessage[] }>(res).messages;
  };

  it("REST place with notifyWhatsapp keeps the number given; the receipt and a status change reach the sandbox, once each", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [2]);
    const placed = await placeOrderVia(t, buyer, { address: testAddress, notifyWhatsapp: true, whatsappMobile: "098450 12345" });
    expect(placed.status).toBe(200);
    expect(await stored(placed.body.orderId)).toMatchObject({ notifyWhatsappTo: "+919845012345" });
    const before = (await sandboxMessages()).length;

    await payInSandboxWindow(t, placed.body);
    await eventually(async () => (await stored(placed.body.orderId)).paymentStatus === "paid");
    const number = `#${placed.body.orderId.slice(0, 8).toUpperCase()}`;
    const afterPaying = await sandboxMessages();
    expect(afterPaying).toHaveLength(before + 1);
    expect(afterPaying[0]).toMatchObject({ to: "+919845012345", template: "order_receipt" });
    expect(afterPaying[0]!.text).toContain(`Hi Asha Buyer, thank you for your order ${number} of ₹`);

    await updateOrderStatus(t.app.deps, placed.body.orderId, "Out for delivery", null);
    const afterStatus = await sandboxMessages();
    expect(afterStatus).toHaveLength(before + 2);
    expect(afterStatus[0]).toMatchObject({ to: "+919845012345", template: "order_status", text: `Hi Asha Buyer, your order ${number} is out for delivery.` });
    // The mails went as before: one receipt, one status mail, beside the two WhatsApp rows.
    const rows = await t.database.db.select({ channel: mailOutbox.channel, kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.subjectId, placed.body.orderId));
    expect(rows.map((row) => row.channel).sort()).toEqual(["mail", "whatsapp"]);
  });

  it("tRPC place with notifyWhatsapp and no number sends the updates to the delivery mobile; without it, none go", async () => {
    const optedIn = await createCustomer(t);
    await fillCart(t, optedIn, [1]);
    const res = await trpcPlace(optedIn, { address: testAddress, notifyWhatsapp: true });
    expect(res.statusCode).toBe(200);
    const { orderId } = jsonOf<{ result: { data: PlacedOrder } }>(res).result.data;
    expect(await stored(orderId)).toMatchObject({ notifyWhatsappTo: "+919876543210" });

    const mailOnly = await createCustomer(t);
    await fillCart(t, mailOnly, [1]);
    const plain = await placeOrderVia(t, mailOnly, { address: testAddress });
    expect(await stored(plain.body.orderId)).toMatchObject({ notifyWhatsappTo: null });
    await payInSandboxWindow(t, plain.body);
    await eventually(async () => (await stored(plain.body.orderId)).paymentStatus === "paid");
    await t.app.deps.outbox.drain();
    const rows = await t.database.db.select({ channel: mailOutbox.channel }).from(mailOutbox).where(eq(mailOutbox.subjectId, plain.body.orderId));
    expect(rows).toEqual([{ channel: "mail" }]);
  });

  it.each([
    ["a number that is not a mobile", { notifyWhatsapp: true, whatsappMobile: "12345" }, /whatsappMobile: Mobile number must be 10 digits/],
    ["a number with a foreign country code", { notifyWhatsapp: true, whatsappMobile: "+44 7911 123456" }, /whatsappMobile/],
    ["a number without the opt-in", { whatsappMobile: "98450 12345" }, /whatsappMobile is the number for WhatsApp updates/],
    ["an opt-in that is not true or false", { notifyWhatsapp: "yes" }, /notifyWhatsapp must be true or false/],
  ])("refuses %s with 400 over REST and tRPC, and nothing changes", async (_name, extra, message) => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const rest = await placeOrderVia(t, buyer, { address: testAddress, ...extra });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: "VALIDATION" });
    expect(rest.body.message).toMatch(message);
    const typed = await trpcPlace(buyer, { address: testAddress, ...extra });
    expect(typed.statusCode).toBe(400);
    expect(JSON.stringify(jsonOf(typed))).toMatch(message);
    const [placedOrders] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, buyer.userId));
    expect(placedOrders!.n).toBe(0);
    expect(await t.database.db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, buyer.userId))).toEqual([{ quantity: 1 }]);
  });
});

describe("a production shop without WHATSAPP_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { NODE_ENV: "production", ALLOW_SANDBOX_PAYMENTS: "true" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("has no WhatsApp sandbox: its list is refused with 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sandbox/whatsapp/messages" });
    expect(res.statusCode).toBe(404);
    expect(jsonOf(res)).toMatchObject({ code: "NOT_FOUND", message: "There is no WhatsApp sandbox in production" });
  });

  it("offers no opt-in: the order page is told so, and place refuses notifyWhatsapp with 400, storing nothing", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [1]);
    const preview = await t.app.inject({ method: "GET", url: "/trpc/order.preview", headers: bearer(buyer.token) });
    expect(jsonOf<{ result: { data: { whatsappMode: string } } }>(preview).result.data.whatsappMode).toBe("off");
    const placed = await placeOrderVia(t, buyer, { address: testAddress, notifyWhatsapp: true });
    expect(placed.status).toBe(400);
    expect(placed.body.message).toBe("notifyWhatsapp: this shop does not send order updates on WhatsApp");
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
  });
});
