import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financialYear } from "@mithai/schema";
import { finalizePaid } from "@mithai/api";
import { asc, eq } from "@mithai/db/sql";
import { documentSeries, invoices, orders } from "@mithai/db/schema";
import type { CustomerOrder, PlacedOrder } from "@mithai/schema";
import { bearer } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, fillCart, payInSandboxWindow, placeOrderVia, verifyVia, type Customer } from "./fixtures";

/** Every paid order gets its tax invoice number at payment: consecutive within the financial year, no gaps (issue 17). */
describe("invoice numbers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCheckoutApp();
  });
  afterAll(() => t.close());

  it("counts financial years from April to March, shop time", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("25-26"); // 23:59:59 on 31 March in Kolkata
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("26-27"); // midnight, 1 April
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("99-00");
  });

  it("numbers concurrent payments consecutively, and a payment that fails to finalize uses no number", async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(t)));
    const placed: { buyer: Customer; order: PlacedOrder }[] = [];
    for (const buyer of buyers) {
      await fillCart(t, buyer, [1]);
      placed.push({ buyer, order: (await placeOrderVia(t, buyer)).body });
    }
    const paid = await Promise.all(placed.map(async ({ order }) => (await payInSandboxWindow(t, order)).response!));

    // A statement that fails (a payment id already recorded) rolls its number back with it.
    const extra = await createCustomer(t);
    await fillCart(t, extra, [1]);
    const doomed = (await placeOrderVia(t, extra)).body;
    await expect(finalizePaid(t.app.deps, doomed.razorpayOrderId, { paymentId: paid[0]!.razorpay_payment_id, source: "webhook" })).rejects.toThrow();

    await Promise.all(placed.map(({ buyer }, i) => verifyVia(t, buyer, paid[i]!)));
    const rows = await t.database.db.select().from(invoices).orderBy(asc(invoices.serial));
    const year = financialYear(new Date());
    expect(rows.map((row) => row.serial)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((row) => row.number === `MTH/${year}/${row.serial}` && row.number.length <= 16)).toBe(true);
    const [series] = await t.database.db.select().from(documentSeries).where(eq(documentSeries.financialYear, year));
    expect(series!.last).toBe(rows.length);
    const [unpaid] = await t.database.db.select().from(orders).where(eq(orders.id, doomed.orderId));
    expect(unpaid!.paymentStatus).toBe("pending");

    // The customer's list shows it.
    const mine = jsonOf<{ data: CustomerOrder[] }>(await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: bearer(placed[0]!.buyer.token) })).data;
    const own = rows.find((row) => row.orderId === placed[0]!.order.orderId)!;
    expect(mine[0]!.invoiceNumber).toBe(own.number);
  });
});
