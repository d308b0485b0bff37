import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, refunds } from "@mithai/db/schema";
import { orderNumberOf } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";
import { bearer, createAccount, insertOrders, sampleAddress } from "./admin-fixtures";

/** The owner's day over HTTP: `/api/admin/sales`, the production sheet (JSON and PDF), packing slips; tRPC agrees. */
describe("the owner's day over REST and tRPC", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let orderIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    customer = bearer((await createAccount(t.database.db, "user")).token);
    const userId = (await createAccount(t.database.db, "user")).id;
    const kaju = { foodItemId: "00000000-0000-4000-8000-000000000001", name: "Kaju Katli", quantity: 2, unitPricePaise: 120_050, image: "x.webp" };
    orderIds = await insertOrders(t.database.db, [
      { userId, createdAt: new Date("2026-02-02T05:00:00Z"), items: [kaju], address: sampleAddress({ pincode: "500001" }) },
      { userId, createdAt: new Date("2026-02-02T07:00:00Z"), items: [{ ...kaju, quantity: 1 }] },
      { userId, createdAt: new Date("2026-02-03T07:00:00Z"), items: [kaju], paymentStatus: "pending" },
    ]);
    await t.database.db.update(orders).set({ paidAt: new Date("2026-02-02T07:00:00Z") });
    await t.database.db.insert(refunds).values({ orderId: orderIds[1]!, paymentId: "pay_x", amountPaise: 20_025, reason: "broken box", status: "processed" });
  });
  afterAll(() => t.close());

  it("answers the sales series and top sweets in rupees, the same over tRPC", async () => {
    const res = await t.app.inject({ url: "/api/admin/sales?from=2026-02-01&to=2026-02-03&by=day", headers: admin });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ success: boolean; series: unknown[]; top: unknown[] }>(res);
    expect(body.success).toBe(true);
    expect(body.series).toEqual([
      { date: "2026-02-01", orders: 0, paid: 0, refunded: 0, net: 0 },
      { date: "2026-02-02", orders: 2, paid: 3601.5, refunded: 200.25, net: 3401.25 },
      { date: "2026-02-03", orders: 0, paid: 0, refunded: 0, net: 0 },
    ]);
    expect(body.top).toEqual([{ itemId: "00000000-0000-4000-8000-000000000001", name: "Kaju Katli", kg: 3, net: 3401.25 }]);
    const input = encodeURIComponent(JSON.stringify({ from: "2026-02-01", to: "2026-02-03" }));
    const viaTrpc = await t.app.inject({ url: `/trpc/admin.sales?input=${input}`, headers: admin });
    expect(jsonOf<{ result: { data: unknown } }>(viaTrpc).result.data).toEqual(body);
  });

  it("refuses a bad range with 400 in words, and anyone but an admin", async () => {
    const bad = await t.app.inject({ url: "/api/admin/sales?from=2026-02-05&to=2026-02-01", headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<{ code: string; message: string }>(bad)).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("The start date must not be after the end date") });
    for (const url of ["/api/admin/sales?from=2026-02-01&to=2026-02-03", "/api/admin/kitchen/production?date=2026-02-04", `/api/admin/orders/${orderIds[0]}/packing-slip`, "/api/admin/packing-slips?date=2026-02-04"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: customer })).statusCode).toBe(403);
    }
  });

  it("answers the production sheet as JSON or as a PDF", async () => {
    // The default zone (all India, 2–4 days): paid Monday 2 Feb → the kitchen's day and two delivery days → Thursday 5 Feb.
    const res = await t.app.inject({ url: "/api/admin/kitchen/production?date=2026-02-05", headers: admin });
    // Both orders were paid at the same instant: their order on the line is by id.
    expect(jsonOf(res)).toEqual({
      success: true,
      date: "2026-02-05",
      lines: [{ itemId: "00000000-0000-4000-8000-000000000001", name: "Kaju Katli", kg: 3, orders: orderIds.slice(0, 2).sort().map(orderNumberOf) }],
    });
    const pdf = await t.app.inject({ url: "/api/admin/kitchen/production?date=2026-02-05&format=pdf", headers: admin });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("answers packing slips as PDFs: one order's, and the day's", async () => {
    const one = await t.app.inject({ url: `/api/admin/orders/${orderIds[0]}/packing-slip`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-type"]).toBe("application/pdf");
    const day = await t.app.inject({ url: "/api/admin/packing-slips?date=2026-02-05", headers: admin });
    expect(day.headers["content-type"]).toBe("application/pdf");
    expect((await t.app.inject({ url: `/api/admin/orders/${orderIds[2]}/packing-slip`, headers: admin })).statusCode).toBe(404);
  });
});
