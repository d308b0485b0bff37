import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDeliveryDays, zoneFor } from "@mithai/api";
import { asc, eq } from "@mithai/db/sql";
import { foodItems, invoices, orders } from "@mithai/db/schema";
import type { CustomerOrder, DeliveryQuote, DeliveryZone } from "@mithai/schema";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { jsonOf, type TestApp } from "../testing";
import { createCheckoutApp, createCustomer, payInSandboxWindow, placeOrderVia, testAddress, verifyVia } from "./fixtures";

describe("delivery dates", () => {
  it("count Monday to Saturday in shop time, and nothing arrives on a Sunday", () => {
    // Friday 2026-11-20, 10:00 in Kolkata.
    const friday = new Date("2026-11-20T04:30:00Z");
    expect(addDeliveryDays(friday, 1)).toBe("2026-11-21");
    expect(addDeliveryDays(friday, 2)).toBe("2026-11-23");
    expect(addDeliveryDays(friday, 3 + 4)).toBe("2026-11-28");
    // 00:30 on Sunday in Kolkata is Sunday there (UTC still says Saturday 19:00): the earliest day is Monday.
    expect(addDeliveryDays(new Date("2026-11-21T19:00:00Z"), 0)).toBe("2026-11-23");
  });

  it("the most specific rule wins: a range or a longer prefix over a shorter one", () => {
    const zones = [
      { name: "India", pincodes: ["1", "2", "3", "4", "5", "6", "7", "8", "9"] },
      { name: "Hyderabad", pincodes: ["500"] },
      { name: "Banjara Hills", pincodes: ["500030-500040"] },
    ];
    expect(zoneFor(zones, "500034")?.name).toBe("Banjara Hills");
    expect(zoneFor(zones, "500081")?.name).toBe("Hyderabad");
    expect(zoneFor(zones, "110001")?.name).toBe("India");
    expect(zoneFor(zones.slice(1), "110001")).toBeUndefined();
  });
});

describe("delivery zones (REST and tRPC)", () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createCheckoutApp();
    admin = await createAccount(t.database.db, "admin");
  });
  afterAll(() => t.close());

  const quote = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/delivery/quote?${query}` });
    return { status: res.statusCode, body: jsonOf<DeliveryQuote & { message: string }>(res) };
  };
  const zones = async () => jsonOf<{ data: DeliveryZone[] }>(await t.app.inject({ method: "GET", url: "/api/admin/delivery-zones", headers: bearer(admin.token) })).data;

  it("the default installation delivers all over India, free", async () => {
    expect(await zones()).toEqual([expect.objectContaining({ name: "All India", charge: 0, freeAbove: null, minDays: 2, maxDays: 4 })]);
    const { status, body } = await quote("pincode=560001&subtotal=500");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, serviceable: true, charge: 0 });
    expect(body.etaFrom).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(body.etaTo! >= body.etaFrom!).toBe(true);
    expect((await quote("pincode=012345")).status).toBe(400);
    expect((await quote("pincode=012345")).body.message).toMatch(/PIN code must be 6 digits/);
    expect((await quote("pincode=560001&subtotal=abc")).body.message).toMatch(/^subtotal: /);
  });

  it("the admin manages zones: charges, free delivery above a subtotal, unserved pincodes refused at checkout", async () => {
    const [india] = await zones();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/delivery-zones",
      headers: bearer(admin.token),
      payload: { name: "Hyderabad", pincodes: "500, 502001-502099", charge: 49, freeAbove: 999, minDays: 0, maxDays: 1 },
    });
    expect(created.statusCode).toBe(200);
    const hyderabad = jsonOf<{ data: DeliveryZone }>(created).data;
    expect(hyderabad).toMatchObject({ pincodes: ["500", "502001-502099"], charge: 49, freeAbove: 999 });
    const removed = await t.app.inject({ method: "POST", url: "/trpc/admin.deleteDeliveryZone", headers: bearer(admin.token), payload: { id: india!._id } });
    expect(removed.statusCode).toBe(200);

    expect((await quote("pincode=500081&subtotal=500")).body).toMatchObject({ serviceable: true, charge: 49, zone: "Hyderabad" });
    expect((await quote("pincode=502050&subtotal=1000")).body).toMatchObject({ serviceable: true, charge: 0 });
    expect((await quote("pincode=110001&subtotal=500")).body).toMatchObject({ serviceable: false, charge: 0, etaFrom: null });

    const bad = await t.app.inject({ method: "POST", url: "/api/admin/delivery-zones", headers: bearer(admin.token), payload: { name: "X", pincodes: "50x", minDays: 3, maxDays: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<{ message: string }>(bad).message).toBe("pincodes.0: a prefix of 1 to 6 digits (500) or a range of two 6-digit PIN codes (500001-500099)");
    const customer = await createAccount(t.database.db, "user");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/delivery-zones", headers: bearer(customer.token) })).statusCode).toBe(403);

    const [item] = await t.database.db.select().from(foodItems).orderBy(asc(foodItems.pricePaise)).limit(1);
    const buyer = await createCustomer(t);
    const lines = { items: [{ _id: item!.id, quantity: 1 }] };
    const far = await placeOrderVia(t, buyer, { address: { ...testAddress, pincode: "110001" }, ...lines });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe("address.pincode: We do not deliver to this PIN code yet (110001)");
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);

    const near = await placeOrderVia(t, buyer, { address: { ...testAddress, state: "Telangana", pincode: "500081" }, ...lines });
    expect(near.status).toBe(200);
    expect(near.body).toMatchObject({ amount: item!.pricePaise + 4900, deliveryCharge: 49 });
    expect((await verifyVia(t, buyer, (await payInSandboxWindow(t, near.body)).response!)).status).toBe(200);
    const mine = jsonOf<{ data: CustomerOrder[] }>(await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: bearer(buyer.token) })).data;
    expect(mine[0]).toMatchObject({ deliveryCharge: 49, amount: (item!.pricePaise + 4900) / 100 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, near.body.orderId));
    const data = await t.app.inject({ method: "GET", url: `/trpc/order.invoice?input=${encodeURIComponent(JSON.stringify({ orderId: near.body.orderId }))}`, headers: bearer(buyer.token) });
    expect(data.statusCode).toBe(200);
    const lineNames = (jsonOf<{ result: { data: { figures: { lines: { name: string; valuePaise: number }[] } } } }>(data).result.data.figures.lines).map((l) => [l.name, l.valuePaise]);
    expect(invoice).toBeDefined();
    expect(lineNames).toContainEqual(["Delivery (Hyderabad)", 4900]);

    const update = await t.app.inject({
      method: "PUT",
      url: `/api/admin/delivery-zones/${hyderabad._id}`,
      headers: bearer(admin.token),
      payload: { name: "Hyderabad", pincodes: ["500"], charge: 0, minDays: 1, maxDays: 2 },
    });
    expect(jsonOf<{ data: DeliveryZone }>(update).data).toMatchObject({ charge: 0, freeAbove: null, pincodes: ["500"] });
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/delivery-zones/${hyderabad._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/delivery-zones/${hyderabad._id}`, headers: bearer(admin.token) })).statusCode).toBe(404);
  });
});
