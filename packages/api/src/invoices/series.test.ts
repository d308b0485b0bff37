import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle, DbOrTx } from "@mithai/db/client";
import { users } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestUser } from "@mithai/db/testing";
import { financialYear } from "@mithai/schema";
import { documentNumberPrefix, nextSerial, type DocumentSeries } from "./series";

describe("invoice and credit-note numbers", () => {
  let database: DbHandle;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDb();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  /** The next number of a series, taken as finalisation and refunds take it: one per row of a source CTE (here one row). */
  const take = async (db: DbOrTx, series: DocumentSeries, year: string) => {
    const source = db.$with("source").as(db.select({ id: users.id }).from(users).where(eq(users.id, userId)));
    const next = nextSerial(db, "next_serial", source, series, year);
    const [row] = await db.with(source, next).select({ last: next.last }).from(next);
    return row!.last;
  };

  it("counts from 1 per series and financial year, consecutively", async () => {
    expect([await take(database.db, "invoice", "26-27"), await take(database.db, "invoice", "26-27"), await take(database.db, "invoice", "26-27")]).toEqual([1, 2, 3]);
    expect(await take(database.db, "credit-note", "26-27")).toBe(1);
    expect(await take(database.db, "invoice", "27-28")).toBe(1);
    expect(await take(database.db, "invoice", "26-27")).toBe(4);
  });

  it("leaves no gap when the statement that took a number is rolled back", async () => {
    const before = await take(database.db, "invoice", "25-26");
    await expect(
      database.db.transaction(async (tx) => {
        await take(tx, "invoice", "25-26");
        throw new Error("the payment's transaction failed");
      }),
    ).rejects.toThrow("failed");
    expect(await take(database.db, "invoice", "25-26")).toBe(before + 1);
  });

  it("writes numbers of at most 16 characters with a 5-character prefix; the year runs April to March in Kolkata", () => {
    expect(documentNumberPrefix("MITHA", "credit-note", "26-27")).toBe("MITHAC/26-27/");
    expect(`${documentNumberPrefix("MTH", "invoice", "26-27")}42`).toBe("MTH/26-27/42");
    expect(`${documentNumberPrefix("MITHA", "invoice", "26-27")}9999`.length).toBeLessThanOrEqual(16);
    // 31 March 2027, 23:59 IST is still 26-27; 00:01 on 1 April (18:31 UTC on 31 March) is 27-28.
    expect(financialYear(new Date("2027-03-31T18:29:00Z"))).toBe("26-27");
    expect(financialYear(new Date("2027-03-31T18:31:00Z"))).toBe("27-28");
  });
});
