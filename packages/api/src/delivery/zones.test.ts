import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { deliveryZones } from "@mithai/db/schema";
import { deliveryZoneInputSchema } from "@mithai/schema";
import { createTestDb } from "@mithai/db/testing";
import { appErrorOf } from "../testing";
import { addDeliveryDays, createDeliveryZone, deliveryChargePaise, deliveryForOrder, deleteDeliveryZone, deliveryWindow, quoteDelivery, updateDeliveryZone, zoneFor } from "./zones";

const zone = (name: string, pincodes: string[]) => ({ name, pincodes });

describe("which zone serves a PIN code", () => {
  const city = zone("Hyderabad", ["500"]);
  const centre = zone("Abids", ["500001"]);
  const range = zone("Secunderabad", ["500003-500015"]);
  const twin = zone("Twin", ["500"]);

  it("takes the most specific rule: a whole PIN code or a range before a prefix; none when nothing matches", () => {
    expect(zoneFor([city, centre], "500001")).toBe(centre);
    expect(zoneFor([city, centre], "500002")).toBe(city);
    expect(zoneFor([city, range], "500010")).toBe(range);
    expect(zoneFor([city, range], "500016")).toBe(city);
    expect(zoneFor([city, range], "600001")).toBeUndefined();
  });

  it("keeps the older zone on a tie", () => {
    expect(zoneFor([city, twin], "500050")).toBe(city);
    expect(zoneFor([twin, city], "500050")).toBe(twin);
  });
});

describe("what delivery costs", () => {
  it("is free from the zone's threshold (inclusive), the charge below it, and the charge always without one", () => {
    expect(deliveryChargePaise({ chargePaise: 4950, freeAbovePaise: 150_000 }, 149_999)).toBe(4950);
    expect(deliveryChargePaise({ chargePaise: 4950, freeAbovePaise: 150_000 }, 150_000)).toBe(0);
    expect(deliveryChargePaise({ chargePaise: 4950, freeAbovePaise: null }, 10_000_000)).toBe(4950);
  });
});

describe("when a box arrives", () => {
  // Wednesday 25 Nov 2026, 23:00 in Kolkata (17:30 UTC): still Wednesday in the shop.
  const wednesdayNight = new Date("2026-11-25T17:30:00Z");
  // 00:30 on Sunday 29 Nov in Kolkata, though still Saturday in UTC.
  const sundayEarly = new Date("2026-11-28T19:00:00Z");

  it("counts Monday to Saturday in shop days, and never lands on a Sunday", () => {
    expect(addDeliveryDays(wednesdayNight, 1)).toBe("2026-11-26");
    expect(addDeliveryDays(wednesdayNight, 3)).toBe("2026-11-28");
    expect(addDeliveryDays(wednesdayNight, 4)).toBe("2026-11-30");
    expect(addDeliveryDays(sundayEarly, 1)).toBe("2026-11-30");
    expect(addDeliveryDays(sundayEarly, 0)).toBe("2026-11-30");
  });

  it("adds the shop's processing days to the zone's", () => {
    expect(deliveryWindow({ minDays: 1, maxDays: 3 }, wednesdayNight)).toEqual({ etaFrom: "2026-11-27", etaTo: "2026-12-01" });
  });
});

describe("zones in the database", () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb();
  });
  beforeEach(async () => {
    await database.db.delete(deliveryZones);
  });
  afterAll(() => database.close());
  const input = (fields: Record<string, unknown>) => deliveryZoneInputSchema.parse({ name: "Hyderabad", pincodes: ["500"], charge: 49.5, freeAbove: 1500, minDays: 1, maxDays: 2, ...fields });

  it("quotes a served PIN code (charge in rupees, window, zone) and says plainly when one is not served", async () => {
    await createDeliveryZone(database.db, input({}));
    const now = new Date("2026-11-25T06:00:00Z");
    expect(await quoteDelivery(database.db, "500034", 100_000, now)).toEqual({
      success: true,
      serviceable: true,
      charge: 49.5,
      etaFrom: "2026-11-27",
      // Two processing days and two of the zone's from Wednesday: Thursday, Friday, Saturday, then Monday.
      etaTo: "2026-11-30",
      zone: "Hyderabad",
      // Money as the shop writes it everywhere: paise as two digits.
      message: "Delivery ₹49.50, arrives 2026-11-27 to 2026-11-30",
    });
    expect((await quoteDelivery(database.db, "500034", 150_000, now)).charge).toBe(0);
    expect(await quoteDelivery(database.db, "110001", 100_000, now)).toMatchObject({ serviceable: false, charge: 0, zone: null, message: "We do not deliver to this PIN code yet" });
  });

  it("prices an order's delivery, and refuses an unserved PIN code naming the field", async () => {
    const created = await createDeliveryZone(database.db, input({}));
    expect(await deliveryForOrder(database.db, "500001", 20_000)).toEqual({ chargePaise: 4950, zone: "Hyderabad" });
    const refused = await appErrorOf(deliveryForOrder(database.db, "700029", 20_000));
    expect(refused).toMatchObject({ code: "NOT_SERVICEABLE", fieldErrors: [expect.objectContaining({ path: "address.pincode" })] });

    // A change applies to the next quote; a removed zone serves nothing.
    await updateDeliveryZone(database.db, created._id, input({ charge: 0, freeAbove: null }));
    expect(await deliveryForOrder(database.db, "500001", 20_000)).toEqual({ chargePaise: 0, zone: "Hyderabad" });
    await deleteDeliveryZone(database.db, created._id);
    expect((await appErrorOf(deliveryForOrder(database.db, "500001", 20_000))).code).toBe("NOT_SERVICEABLE");
    expect((await appErrorOf(deleteDeliveryZone(database.db, created._id))).code).toBe("NOT_FOUND");
  });
});
