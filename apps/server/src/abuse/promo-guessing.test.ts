import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { createCheckoutApp, createCustomer, fillCart, testAddress, type Customer } from "../checkout/fixtures";
import { jsonOf, type TestApp } from "../testing";

/** Promo codes cannot be guessed (issue 26): failed codes are limited per customer and per network. */
describe("promo guessing", () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
    const res = await t.app.inject({ method: "POST", url: "/api/admin/promos", headers: bearer(admin.token), payload: { code: "DIWALI779", kind: "percent", value: 10, validTo: "2099-12-31" } });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const apply = (buyer: Customer, code: string, from = "198.51.100.90") =>
    t.app.inject({ method: "POST", url: "/api/promo/apply", headers: { ...bearer(buyer.token), "x-forwarded-for": from }, payload: { code } });

  it("a burst of wrong codes on apply → 429 RATE_LIMITED within 20 tries; the right code works after the window", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [2]);
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => apply(buyer, `DIWALI${String(i).padStart(3, "0")}`).then((res) => res.statusCode)));
    const checked = statuses.filter((status) => status !== 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    const refused = await apply(buyer, "DIWALI779");
    expect(refused.statusCode).toBe(429);
    expect(jsonOf(refused)).toMatchObject({ success: false, code: "RATE_LIMITED" });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const right = await apply(buyer, "DIWALI779");
    expect(right.statusCode).toBe(200);
    expect(jsonOf(right)).toMatchObject({ success: true, code: "DIWALI779" });
  });

  it("the right code and repeats of one wrong code count nothing", async () => {
    const buyer = await createCustomer(t);
    await fillCart(t, buyer, [2]);
    for (let i = 0; i < 15; i++) expect((await apply(buyer, "DIWALI779", "198.51.100.91")).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) expect((await apply(buyer, "TYPO779", "198.51.100.91")).statusCode).toBe(400);
    for (let i = 0; i < 9; i++) expect((await apply(buyer, `OTHER${i}`, "198.51.100.91")).statusCode).toBe(400);
    expect((await apply(buyer, "OTHERX", "198.51.100.91")).statusCode).toBe(429);
  });

  it("many customers of one network: 429 past 30 failed codes; the preview and place count too", async () => {
    const from = "2001:db8:90:1::1";
    const statuses: number[] = [];
    for (let c = 0; c < 4; c++) {
      const buyer = await createCustomer(t);
      await fillCart(t, buyer, [1]);
      for (let i = 0; i < 9; i++) {
        const kind = i % 3;
        if (kind === 0) statuses.push((await apply(buyer, `NET${c}X${i}`, `2001:db8:90:1::${c}${i}`)).statusCode);
        if (kind === 1) {
          const input = encodeURIComponent(JSON.stringify({ promoCode: `NET${c}X${i}` }));
          statuses.push((await t.app.inject({ url: `/trpc/order.preview?input=${input}`, headers: { ...bearer(buyer.token), "x-forwarded-for": from } })).statusCode);
        }
        if (kind === 2) {
          const res = await t.app.inject({ method: "POST", url: "/api/order/place", headers: { ...bearer(buyer.token), "x-forwarded-for": from }, payload: { address: testAddress, promoCode: `NET${c}X${i}` } });
          statuses.push(res.statusCode);
        }
      }
    }
    // Preview reports a failed code in its answer (200); apply and place refuse it (400); the 31st failed code is 429.
    expect(statuses.slice(0, 30).every((status) => status === 200 || status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});
