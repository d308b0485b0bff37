import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { deliveryZones } from "@mithai/db/schema";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { orderNumberOf } from "@mithai/schema";
import { appErrorOf, insertPendingOrder, pdfQrCodes, pdfText, testAddress } from "../testing";
import { packingSlipPdf, packingSlipsForDay, renderProductionPdf } from "./documents";
import { productionSheet } from "./production";

/** The kitchen's production sheet and the packing slips, on orders across two zones with different delivery days. */
let database: DbHandle;
let kaju: string;
let ladoo: string;
let userId: string;
const ids: Record<string, string> = {};

const line = (foodItemId: string, name: string, quantity: number) => ({ foodItemId, name, quantity, unitPricePaise: 50_000, image: "x.webp" });

async function paidOrder(name: string, paidAt: string, zone: string, pincode: string, lines: ReturnType<typeof line>[], extra: Parameters<typeof insertPendingOrder>[4] = {}) {
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
  const order = await insertPendingOrder(database.db, userId, kaju, 1, {
    paymentStatus: "paid",
    status: "Order Recieved",
    createdAt: new Date(paidAt),
    paidAt: new Date(paidAt),
    items: lines,
    subtotalPaise: subtotal,
    amountPaise: subtotal,
    deliveryZone: zone,
    address: { ...testAddress, fullName: `${name} Rao`, pincode, mobile: "+919876543210" },
    ...extra,
  });
  ids[name] = order.id;
  return order;
}

beforeAll(async () => {
  database = await createTestDb();
  [kaju, ladoo] = (await insertTestFoodItems(database.db, 2)) as [string, string];
  userId = await insertTestUser(database.db, "Kitchen Customer");
  await database.db.delete(deliveryZones);
  // Hyderabad: next delivery day after the kitchen's day; the rest of India: two more days.
  await database.db.insert(deliveryZones).values([
    { name: "Hyderabad", pincodes: ["500"], minDays: 0, maxDays: 1 },
    { name: "Rest of India", pincodes: ["1", "2", "3", "4", "5", "6", "7", "8", "9"], minDays: 2, maxDays: 4 },
  ]);
  // Thursday 2026-03-05 is due: Hyderabad orders paid Wednesday 03-04, Rest of India orders paid Monday 03-02.
  await paidOrder("Hyd", "2026-03-04T06:00:00Z", "Hyderabad", "500001", [line(kaju, "Kaju Katli", 2), line(ladoo, "Motichoor Ladoo", 1)]);
  await paidOrder("Kol", "2026-03-02T06:00:00Z", "Rest of India", "700029", [line(kaju, "Kaju Katli", 3)]);
  // A zone renamed since: the PIN code's zone now decides (Hyderabad, paid Wednesday → Thursday).
  await paidOrder("Renamed", "2026-03-04T08:00:00Z", "Old city zone", "500030", [line(ladoo, "Motichoor Ladoo", 4)]);
  // Not due on Thursday: Hyderabad paid Monday (due Tuesday), Rest of India paid Wednesday (due Saturday).
  await paidOrder("Early", "2026-03-02T06:00:00Z", "Hyderabad", "500001", [line(kaju, "Kaju Katli", 9)]);
  await paidOrder("Later", "2026-03-04T06:00:00Z", "Rest of India", "700029", [line(kaju, "Kaju Katli", 9)]);
  // Cancelled and unpaid orders are not made.
  await paidOrder("Cancelled", "2026-03-04T06:00:00Z", "Hyderabad", "500001", [line(kaju, "Kaju Katli", 9)], { status: "Cancelled" });
  await paidOrder("Unpaid", "2026-03-04T06:00:00Z", "Hyderabad", "500001", [line(kaju, "Kaju Katli", 9)], { paymentStatus: "pending", paidAt: null });
});
afterAll(() => database.close());


describe("productionSheet", () => {
  it("adds up the kg of each sweet for the paid orders due that day, from each zone's delivery days", async () => {
    const sheet = await productionSheet(database.db, "2026-03-05");
    expect(sheet).toEqual({
      success: true,
      date: "2026-03-05",
      lines: [
        { itemId: kaju, name: "Kaju Katli", kg: 5, orders: [orderNumberOf(ids.Kol!), orderNumberOf(ids.Hyd!)] },
        { itemId: ladoo, name: "Motichoor Ladoo", kg: 5, orders: [orderNumberOf(ids.Hyd!), orderNumberOf(ids.Renamed!)] },
      ],
    });
    expect((await productionSheet(database.db, "2026-03-03")).lines).toEqual([{ itemId: kaju, name: "Kaju Katli", kg: 9, orders: [orderNumberOf(ids.Early!)] }]);
    expect((await productionSheet(database.db, "2026-03-07")).lines.map((l) => [l.name, l.kg])).toEqual([["Kaju Katli", 9]]);
    expect((await productionSheet(database.db, "2026-03-06")).lines).toEqual([]);
  });

  it("prints as a PDF that reads back with the same kg and order numbers", async () => {
    const sheet = await productionSheet(database.db, "2026-03-05");
    const text = pdfText(await renderProductionPdf(sheet, "Mithai"), { layout: true });
    expect(text).toContain("Production sheet: Thu, 05 Mar, 2026");
    expect(text).toMatch(/Kaju Katli\s+5\s+#/);
    expect(text).toContain(orderNumberOf(ids.Kol!));
    expect(text).toMatch(/Total\s+10\s+3 orders/);
  });
});

describe("packing slips", () => {
  it("puts the order number large, the sweets and kg, the address and mobile, and a QR code of the number on an A5 page", async () => {
    const pdf = await packingSlipPdf(database.db, ids.Hyd!, "Mithai");
    const text = pdfText(pdf, { layout: true });
    const number = orderNumberOf(ids.Hyd!);
    expect(text).toContain(number);
    expect(text).toMatch(/Kaju Katli\s+2 kg/);
    expect(text).toMatch(/Motichoor Ladoo\s+1 kg/);
    expect(text).toContain("Hyd Rao");
    expect(text).toContain("9 Lake Road");
    expect(text).toContain("Mobile: +919876543210");
    expect(pdfQrCodes(pdf)).toEqual([number]);
    const info = execFileSync("pdfinfo", ["-"], { input: pdf, encoding: "utf8" });
    expect(info).toMatch(/Page size:\s+419\.53 x 595\.28 pts/);
  });

  it("prints one slip per order due that day in one PDF", async () => {
    const pdf = await packingSlipsForDay(database.db, "2026-03-05", "Mithai");
    expect(pdfQrCodes(pdf).sort()).toEqual([ids.Hyd!, ids.Kol!, ids.Renamed!].map(orderNumberOf).sort());
  });

  it("has no slip for an unknown or unpaid order", async () => {
    expect((await appErrorOf(packingSlipPdf(database.db, ids.Unpaid!, "Mithai")))?.code).toBe("NOT_FOUND");
    expect((await appErrorOf(packingSlipPdf(database.db, "not-an-id", "Mithai")))?.code).toBe("NOT_FOUND");
  });
});
