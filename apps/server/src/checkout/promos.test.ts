import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abandonPendingOrder } from "@mithai/api";
import { asc, eq } from "@mithai/db/sql";
import { foodItems, orders } from "@mithai/db/schema";
import type { CheckoutPreview, PromoApplyAnswer, PromoCode } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, testAddress, verifyVia, type Customer } from "./fixtures";

/** Promo codes (issue 18): admin CRUD, the cart's apply, `promoCode` on place, no stacking with ₹150, uses counted at payment. */
describe("promo codes", () => {
  let t: TestApp;
  let admin: { token: string };
  let item: { id: string; pricePaise: number };
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
    [item] = (await t.database.db.select({ id: foodItems.id, pricePaise: foodItems.pricePaise }).from(foodItems).orderBy(asc(foodItems.slug)).limit(1)) as [typeof item];
  });
  afterAll(() => t.close());

  const createPromo = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/promos", headers: bearer(admin.token), payload: { kind: "percent", value: 10, ...body } });
    return { status: res.statusCode, body: jsonOf<{ data: PromoCode; message?: string }>(res) };
  };
  const promos = async () => jsonOf<{ data: PromoCode[] }>(await t.app.inject({ method: "GET", url: "/api/admin/promos", headers: bearer(admin.token) })).data;
  const promo = async (code: string) => (await promos()).find((p) => p.code === code)!;
  const apply = async (buyer: Customer, code: string) => {
    const res = await t.app.inject({ method: "POST", url: "/api/promo/apply", headers: bearer(buyer.token), payload: { code } });
    return { status: res.statusCode, body: jsonOf<PromoApplyAnswer & { message: string }>(res) };
  };
  const place = (buyer: Customer, quantity: number, promoCode?: string) =>
    placeOrderVia(t, buyer, { address: testAddress, items: [{ _id: item.id, quantity }], ...(promoCode ? { promoCode } : {}) });
  /** The order page's summary over tRPC with a promo code, as the storefront asks for it. */
  const preview = async (buyer: Customer, promoCode: string) => {
    const input = encodeURIComponent(JSON.stringify({ promoCode }));
    return jsonOf<{ result: { data: CheckoutPreview } }>(await t.app.inject({ method: "GET", url: `/trpc/order.preview?input=${input}`, headers: bearer(buyer.token) })).result.data;
  };
  const pay = async (buyer: Customer, placed: Awaited<ReturnType<typeof place>>["body"]) => verifyVia(t, buyer, (await payInSandboxWindow(t, placed)).response!);

  it("the admin creates, lists, edits and deletes codes; bad input is refused naming the field", async () => {
    const created = await createPromo({ code: "diwali10", minSubtotal: 100, maxUses: 5, validTo: "2099-12-31" });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: "DIWALI10", kind: "percent", value: 10, minSubtotal: 100, maxUses: 5, uses: 0, overrun: 0, active: true });
    expect((await createPromo({ code: "Diwali10" })).status).toBe(409);
    expect((await createPromo({ code: "x" })).body.message).toMatch(/^code: A promo code must be 3 to 30 letters/);
    expect((await createPromo({ code: "BIG", value: 150 })).body.message).toBe("value: A percent code takes a whole percentage from 1 to 100");
    expect((await createPromo({ code: "LATE", validFrom: "2026-12-01", validTo: "2026-11-01" })).body.message).toBe("validTo: Valid to must not be before valid from");

    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/admin.createPromo", headers: bearer(admin.token), payload: { code: "flat50", kind: "flat", value: 50 } });
    expect(viaTrpc.statusCode).toBe(200);
    const flat = await promo("FLAT50");
    expect(flat).toMatchObject({ kind: "flat", value: 50, maxUses: null });
    const edited = await t.app.inject({ method: "PUT", url: `/api/admin/promos/${flat._id}`, headers: bearer(admin.token), payload: { code: "FLAT60", kind: "flat", value: 60, active: false } });
    expect(jsonOf<{ data: PromoCode }>(edited).data).toMatchObject({ code: "FLAT60", value: 60, active: false });
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/promos/${flat._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect((await promos()).map((p) => p.code)).not.toContain("FLAT60");
    const customer = await createAccount(t.database.db, "user");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/promos", headers: bearer(customer.token) })).statusCode).toBe(403);
  });

  it("the cart's promo box: the discount for the cart, or a clear reason why not", async () => {
    await createPromo({ code: "OLDIE", validTo: "2020-01-31" });
    await createPromo({ code: "BIGSPEND", minSubtotal: 100_000 });
    await createPromo({ code: "OFFLINE", active: false });
    const buyer = await createCustomer(t);
    expect((await apply(buyer, "SAVE10")).body.message).toMatch(/add sweets to your cart/);
    await fillCart(t, buyer, [2]);
    const subtotal = item.pricePaise * 2;
    expect(await apply(buyer, "diwali10")).toEqual({ status: 200, body: expect.objectContaining({ success: true, code: "DIWALI10", discount: Math.round(subtotal / 10) / 100 }) });
    expect(await apply(buyer, "NOPE")).toMatchObject({ status: 400, body: { success: false, message: "promoCode: This promo code does not exist" } });
    expect(await apply(buyer, "offline")).toMatchObject({ status: 400, body: { message: "promoCode: This promo code does not exist" } });
    expect(await apply(buyer, "OLDIE")).toMatchObject({ status: 400, body: { message: "promoCode: This promo code has expired" } });
    expect((await apply(buyer, "BIGSPEND")).body.message).toBe("promoCode: This promo code needs a subtotal of at least ₹1,00,000");
    // The order page's summary says why too, with the reason's code for a storefront that words it in Hindi or Telugu.
    expect(await preview(buyer, "OLDIE")).toMatchObject({ promoApplied: null, promoMessage: "This promo code has expired", promoReason: "PROMO_EXPIRED" });
    expect(await preview(buyer, "BIGSPEND")).toMatchObject({ promoApplied: null, promoReason: "PROMO_MIN_SUBTOTAL" });
    expect(await preview(buyer, "DIWALI10")).toMatchObject({ promoApplied: "DIWALI10", promoMessage: null, promoReason: null });
    const unsigned = await t.app.inject({ method: "POST", url: "/api/promo/apply", payload: { code: "DIWALI10" } });
    expect(unsigned.statusCode).toBe(401);
  });

  it("place takes promoCode: the server computes the discount; the use is counted at payment; one use per customer when so limited", async () => {
    await createPromo({ code: "ONCEEACH", kind: "flat", value: 20, maxUsesPerCustomer: 1 });
    const buyer = await createCustomer(t);
    const placed = await place(buyer, 1, "onceeach");
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ amount: item.pricePaise - 2000, promoApplied: true, promoCode: "ONCEEACH", discount: 20, discountApplied: false });
    expect(await promo("ONCEEACH")).toMatchObject({ uses: 0, pending: 1 });
    expect((await pay(buyer, placed.body)).status).toBe(200);
    expect(await promo("ONCEEACH")).toMatchObject({ uses: 1, pending: 0 });
    const again = await place(buyer, 1, "ONCEEACH");
    expect(again).toMatchObject({ status: 409, body: { message: "You have already used this promo code" } });
    expect((await place(buyer, 1, "NOPE")).body.message).toBe("promoCode: This promo code does not exist");
  });

  it("a promo and the ₹150 monthly discount never stack: the larger applies, and the answer says which", async () => {
    await createPromo({ code: "TINY", kind: "flat", value: 10 });
    await createPromo({ code: "HALF", kind: "percent", value: 50 });
    const buyer = await createCustomer(t);
    expect((await pay(buyer, (await place(buyer, 1)).body)).status).toBe(200);
    // The month's 2nd order: ₹150 off beats ₹10 off.
    await fillCart(t, buyer, [4]);
    expect((await apply(buyer, "TINY")).body).toMatchObject({ success: true, discount: 150, message: expect.stringMatching(/₹150 monthly discount is larger/) });
    expect(await preview(buyer, "TINY")).toMatchObject({ discountApplied: true, promoApplied: null, promoMessage: expect.stringMatching(/₹150 monthly discount is larger than TINY/), promoReason: "MONTHLY_DISCOUNT_LARGER" });
    const small = await place(buyer, 4, "TINY");
    expect(small.body).toMatchObject({ discountApplied: true, promoApplied: false, discount: 150, amount: item.pricePaise * 4 - 15_000 });
    await abandonPendingOrder(t.app.deps, buyer.userId, small.body.orderId);
    // Half of 4 kg beats ₹150: the promo applies, the month's discount is not taken.
    const half = await place(buyer, 4, "HALF");
    expect(half.body).toMatchObject({ discountApplied: false, promoApplied: true, discount: (item.pricePaise * 2) / 100, amount: item.pricePaise * 2 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, half.body.orderId));
    expect(row).toMatchObject({ discountMonth: null, promoCode: "HALF" });
  });

  it("the last use, raced by 20 customers, is granted once; a late payment for a use given away is refunded, never an overrun (issue 25)", async () => {
    await createPromo({ code: "LASTONE", kind: "flat", value: 25, maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(t)));
    const answers = await Promise.all(buyers.map((buyer) => place(buyer, 1, "LASTONE")));
    const granted = answers.filter((a) => a.status === 200);
    expect(granted).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused).toMatchObject({ status: 409, body: { message: "This promo code has been used up" } });
    expect(await promo("LASTONE")).toMatchObject({ uses: 0, pending: 1 });

    // The winner closes the window: the use is free again, and another customer takes and pays it.
    const winner = buyers[answers.indexOf(granted[0]!)]!;
    await abandonPendingOrder(t.app.deps, winner.userId, granted[0]!.body.orderId);
    const second = buyers.find((b) => b !== winner)!;
    const taken = await place(second, 1, "LASTONE");
    expect((await pay(second, taken.body)).status).toBe(200);
    // The first customer's payment still arrives: the code's one use is taken, so it is refunded in full, never paid.
    expect((await pay(winner, granted[0]!.body)).body).toMatchObject({ success: false, code: "PROMO_USED_UP" });
    expect(await promo("LASTONE")).toMatchObject({ uses: 1, maxUses: 1, overrun: 0 });
    const [late] = await t.database.db.select().from(orders).where(eq(orders.id, granted[0]!.body.orderId));
    expect(late).toMatchObject({ paymentStatus: "refunded", amountPaise: item.pricePaise - 2500 });
  });
});
