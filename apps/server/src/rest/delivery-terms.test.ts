import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryZones } from "@mithai/db/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

describe("GET /api/delivery/terms: the one sentence every page says about delivery", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const terms = async () => {
    const res = await t.app.inject("/api/delivery/terms");
    expect(res.statusCode).toBe(200);
    return jsonOf<{ success: boolean; zones: { name: string; charge: number; freeAbove: number | null }[]; summary: string }>(res);
  };

  it("follows the owner's zones: the installation's free zone, then a threshold zone and a paid rest", async () => {
    expect(await terms()).toEqual({ success: true, zones: [{ name: "All India", charge: 0, freeAbove: null }], summary: "Free delivery on every order" });
    await t.database.db.update(deliveryZones).set({ chargePaise: 4950 });
    await t.database.db.insert(deliveryZones).values({ name: "Hyderabad", pincodes: ["500"], chargePaise: 6000, freeAbovePaise: 150_000, minDays: 0, maxDays: 1 });
    expect(await terms()).toEqual({
      success: true,
      zones: [
        { name: "All India", charge: 49.5, freeAbove: null },
        { name: "Hyderabad", charge: 60, freeAbove: 1500 },
      ],
      summary: "Free delivery in Hyderabad over ₹1,500; elsewhere ₹49.50",
    });
    const trpc = jsonOf<{ result: { data: { summary: string } } }>(await t.app.inject("/trpc/delivery.terms"));
    expect(trpc.result.data.summary).toBe("Free delivery in Hyderabad over ₹1,500; elsewhere ₹49.50");
  });
});
