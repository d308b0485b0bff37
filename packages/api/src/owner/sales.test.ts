import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { foodItems, orders, refunds } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { orderFiltersSchema, salesInputSchema } from "@mithai/schema";
import { insertPendingOrder } from "../testing";
import { ordersCsv } from "../admin/orders-csv";
import { salesReport, stockGlance } from "./sales";

/** The sales report (dashboard, REST, tRPC, CLI) and stock at a glance, on seeded orders. */
let database: DbHandle;
let kaju: string;
let ladoo: string;
let userId: string;

const line = (foodItemId: string, name: string, quantity: number, unitPricePaise: number) => ({ foodItemId, name, quantity, unitPricePaise, image: "x.webp" });

async function paid(createdAt: string, lines: ReturnType<typeof line>[], extra: Parameters<typeof insertPendingOrder>[4] = {}) {
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
  const delivery = extra.deliveryChargePaise ?? 0;
  return insertPendingOrder(database.db, userId, kaju, 1, {
    paymentStatus: "paid",
    status: "Order Recieved",
    createdAt: new Date(createdAt),
    paidAt: new Date(createdAt),
    items: lines,
    subtotalPaise: subtotal,
    amountPaise: subtotal + delivery - (extra.discountPaise ?? 0),
    ...extra,
  });
}

/** RFC 4180 records, for reading the export back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  return records;
}

async function refund(orderId: string, amountPaise: number, status: "pending" | "processed" | "failed") {
  await database.db.insert(refunds).values({ orderId, paymentId: `pay_${orderId.slice(0, 8)}`, amountPaise, reason: "test", status });
}

beforeAll(async () => {
  database = await createTestDb();
  [kaju, ladoo] = (await insertTestFoodItems(database.db, 2)) as [string, string];
  userId = await insertTestUser(database.db, "Priya Sales");
  // 2026-03-01 (IST): two orders, one partly refunded (a failed refund gives nothing back).
  const a = await paid("2026-03-01T04:00:00Z", [line(kaju, "Kaju Katli", 2, 89_950)], { deliveryChargePaise: 4_999 });
  await refund(a.id, 10_011, "processed");
  await refund(a.id, 50_000, "failed");
  await paid("2026-03-01T10:00:00Z", [line(ladoo, "Motichoor Ladoo", 1, 45_025), line(kaju, "Kaju Katli", 1, 89_950)], { discountPaise: 15_000 });
  // 19:00 UTC on 1 March is 00:30 on 2 March in Kolkata: it counts on the 2nd.
  const late = await paid("2026-03-01T19:00:00Z", [line(ladoo, "Motichoor Ladoo", 3, 45_025)]);
  await refund(late.id, 135_075, "pending");
  await database.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.id, late.id));
  // Unpaid orders never count.
  await insertPendingOrder(database.db, userId, kaju, 5, { createdAt: new Date("2026-03-01T06:00:00Z") });
  await insertPendingOrder(database.db, userId, kaju, 4, { createdAt: new Date("2026-03-01T06:00:00Z"), paymentStatus: "failed" });
  // Outside the range.
  await paid("2026-03-04T10:00:00Z", [line(kaju, "Kaju Katli", 7, 89_950)]);
});
afterAll(() => database.close());

describe("salesReport", () => {
  it("gives every day of the range, in shop time, with paid, refunded and net in rupees", async () => {
    const report = await salesReport(database.db, salesInputSchema.parse({ from: "2026-03-01", to: "2026-03-03" }));
    expect(report.series).toEqual([
      { date: "2026-03-01", orders: 2, paid: 3048.74, refunded: 100.11, net: 2948.63 },
      { date: "2026-03-02", orders: 1, paid: 1350.75, refunded: 1350.75, net: 0 },
      { date: "2026-03-03", orders: 0, paid: 0, refunded: 0, net: 0 },
    ]);
    expect(report.totals).toEqual({ orders: 3, paid: 4399.49, refunded: 1450.86, net: 2948.63, averageOrder: 982.88 });
  });

  it("ranks the sweets by their share of the net, with the kg of orders not cancelled", async () => {
    const report = await salesReport(database.db, salesInputSchema.parse({ from: "2026-03-01", to: "2026-03-03" }));
    expect(report.top.map((t) => [t.name, t.kg])).toEqual([
      ["Kaju Katli", 3],
      ["Motichoor Ladoo", 1],
    ]);
    // Shares of each order's net (delivery keeps its own share), so the sweets' net never exceeds the total net.
    const sum = report.top.reduce((s, t) => s + Math.round(t.net * 100), 0);
    expect(sum).toBeLessThanOrEqual(Math.round(report.totals.net * 100));
    expect(sum).toBeGreaterThan(Math.round(report.totals.net * 100) - 5_000);
  });

  it("agrees to the paisa with the CSV export's Net column for the same days", async () => {
    const report = await salesReport(database.db, salesInputSchema.parse({ from: "2026-03-01", to: "2026-03-04" }));
    let csv = "";
    for await (const chunk of ordersCsv(database.db, orderFiltersSchema.parse({ from: "2026-03-01", to: "2026-03-04" }))) csv += chunk;
    const [header, ...rows] = parseCsv(csv.replace("\uFEFF", ""));
    const netColumn = header!.indexOf("Net (INR)");
    const csvNetPaise = rows.reduce((sum, row) => sum + Math.round(Number(row[netColumn]) * 100), 0);
    expect(csvNetPaise).toBe(Math.round(report.totals.net * 100));
    expect(rows).toHaveLength(report.totals.orders);
  });

  it("refuses a range the wrong way round, or longer than it covers, in words", () => {
    expect(salesInputSchema.safeParse({ from: "2026-03-05", to: "2026-03-01" }).error?.issues[0]?.message).toBe("The start date must not be after the end date");
    expect(salesInputSchema.safeParse({ from: "2024-01-01", to: "2026-03-01" }).error?.issues[0]?.message).toMatch(/at most 400 days/);
    expect(salesInputSchema.safeParse({ from: "2026-3-1", to: "2026-03-01" }).error?.issues[0]?.message).toBe("Dates must look like 2025-10-20");
  });
});

describe("stockGlance", () => {
  it("lists tracked items with kg left, reserved by unpaid orders and sold in 7 days, soonest to run out first", async () => {
    const now = new Date("2026-03-05T12:00:00Z");
    await database.db.update(foodItems).set({ stockKg: 10 }).where(eq(foodItems.id, kaju));
    await database.db.update(foodItems).set({ stockKg: 2 }).where(eq(foodItems.id, ladoo));
    const [other] = await insertTestFoodItems(database.db, 1);
    await database.db.update(foodItems).set({ stockKg: 1 }).where(eq(foodItems.id, other!));
    // A pending order holding 2 kg of ladoo (reserved), created now.
    await insertPendingOrder(database.db, userId, ladoo, 2, {
      createdAt: now,
      items: [{ foodItemId: ladoo, name: "Motichoor Ladoo", quantity: 2, unitPricePaise: 45_025, image: "x", reserved: true }],
    });
    const glance = await stockGlance(database.db, now);
    const byName = glance.items.map((i) => [i.itemId, i.onHandKg, i.reservedKg, i.soldLast7DaysKg, i.daysLeft]);
    // Kaju sold 3 + 7 kg in the last week (the cancelled ladoo order does not count): 10 kg left lasts 7 days;
    // ladoo sold 1 kg: 2 kg lasts 14 days; the third sold nothing: last.
    expect(byName).toEqual([
      [kaju, 10, 0, 10, 7],
      [ladoo, 2, 2, 1, 14],
      [other, 1, 0, 0, null],
    ]);
  });
});
