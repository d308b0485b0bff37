import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "@mithai/db/sql";
import { invoices } from "@mithai/db/schema";
import { financialYear } from "@mithai/schema";
import { openFinalizeTestDb } from "../payments/finalize-testing";

describe("finalisation step: invoice number", () => {
  let db: Awaited<ReturnType<typeof openFinalizeTestDb>>;
  beforeAll(async () => {
    db = await openFinalizeTestDb(1);
  });
  afterAll(() => db.handle.close());

  it("gives each paid order the next number of the year's series, consecutive, once", async () => {
    const userId = await db.customer();
    const paid = [await db.pendingOrder(userId, [1]), await db.pendingOrder(userId, [2])];
    for (const order of paid) await db.pay(order);
    await db.pay(paid[0]!);
    const rows = await db.handle.db.select().from(invoices).where(inArray(invoices.orderId, paid.map((order) => order.id)));
    const serials = rows.map((row) => row.serial).sort((a, b) => a - b);
    expect(serials).toHaveLength(2);
    expect(serials[1]! - serials[0]!).toBe(1);
    for (const row of rows) expect(row.number).toBe(`MTH/${financialYear(new Date())}/${row.serial}`);
  });
});
