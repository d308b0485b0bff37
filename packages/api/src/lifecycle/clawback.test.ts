import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { shopMonth } from "@mithai/schema";
import { insertPendingOrder } from "../testing";
import { clawbackFor } from "./clawback";

let database: DbHandle;
let itemId: string;

beforeAll(async () => {
  database = await createTestDb();
  [itemId] = (await insertTestFoodItems(database.db, 1)) as [string];
});
afterAll(() => database?.close());

describe("clawbackFor", () => {
  // Found by the model test (model.test.ts): the customer cancelling their first order while the discounted second one
  // waited for its payment got a 500 (an out-of-range timestamp for "paid before a pending order").
  it("keeps back the discount of a pending order that relies on the cancelled one, and nothing when another kept order stands", async () => {
    const userId = await insertTestUser(database.db);
    const now = new Date();
    const first = await insertPendingOrder(database.db, userId, itemId, 2, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(now.getTime() - 60_000) });
    const discounted = await insertPendingOrder(database.db, userId, itemId, 2, { discountApplied: true, discountMonth: shopMonth(now), discountPaise: 15_000, amountPaise: 5_000 });

    expect(await clawbackFor(database.db, first)).toEqual({ paise: 15_000, reliantOrderId: discounted.id });

    await insertPendingOrder(database.db, userId, itemId, 1, { paymentStatus: "paid", status: "Order Recieved", paidAt: new Date(now.getTime() - 30_000) });
    expect(await clawbackFor(database.db, first)).toEqual({ paise: 0, reliantOrderId: null });
  });
});
