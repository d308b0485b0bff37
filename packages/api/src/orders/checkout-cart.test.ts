import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { cartItems, foodItems } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { shopMonth } from "@mithai/schema";
import { appErrorOf, insertPendingOrder } from "../testing";
import { checkoutBasis, pricedCart } from "./checkout-cart";

/** What checkout prices: the server cart or the lines a client sends, at the catalogue's prices now. */
describe("the checkout's cart", () => {
  let database: DbHandle;
  let ids: string[];
  const month = shopMonth(new Date());
  beforeAll(async () => {
    database = await createTestDb();
    // ₹100, ₹200, ₹300 and ₹400 per kg.
    ids = await insertTestFoodItems(database.db, 4);
  });
  afterAll(() => database.close());

  const customerWithCart = async (lines: [index: number, kilos: number][]) => {
    const userId = await insertTestUser(database.db);
    for (const [index, quantity] of lines) await database.db.insert(cartItems).values({ userId, foodItemId: ids[index]!, quantity });
    return userId;
  };

  it("refuses an empty cart", async () => {
    expect((await appErrorOf(checkoutBasis(database.db, await customerWithCart([]), month))).code).toBe("CART_EMPTY");
  });

  it("prices the server cart at today's prices, leaving out items taken off the menu", async () => {
    const userId = await customerWithCart([
      [0, 2],
      [1, 1],
      [2, 3],
    ]);
    await database.db.update(foodItems).set({ pricePaise: 25_000 }).where(eq(foodItems.id, ids[1]!));
    await database.db.update(foodItems).set({ removedAt: sql`now()` }).where(eq(foodItems.id, ids[2]!));
    const basis = await checkoutBasis(database.db, userId, month);
    expect(basis.items.map((line) => [line.foodItemId, line.quantity, line.unitPricePaise])).toEqual([
      [ids[0], 2, 10_000],
      [ids[1], 1, 25_000],
    ]);
    expect(basis.subtotalPaise).toBe(45_000);
    expect(basis.paidOrdersInMonth).toBe(0);
    expect((await pricedCart(database.db, userId)).subtotalPaise).toBe(45_000);
  });

  it("prices exactly the lines a client sends, in its order, and names a line whose item is gone", async () => {
    const userId = await customerWithCart([[0, 5]]);
    const basis = await checkoutBasis(database.db, userId, month, [
      { _id: ids[3]!, quantity: 1 },
      { _id: ids[0]!, quantity: 2 },
    ]);
    expect(basis.items.map((line) => line.foodItemId)).toEqual([ids[3], ids[0]]);
    expect(basis.subtotalPaise).toBe(60_000);
    for (const gone of [ids[2]!, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const refused = await appErrorOf(checkoutBasis(database.db, userId, month, [{ _id: ids[0]!, quantity: 1 }, { _id: gone, quantity: 1 }]));
      expect(refused).toMatchObject({ code: "ITEM_GONE", fieldErrors: [expect.objectContaining({ path: "items.1._id" })] });
    }
  });

  it("tells a shortage before anything is written, and refuses an order too large to pay online", async () => {
    const userId = await customerWithCart([[3, 4]]);
    await database.db.update(foodItems).set({ stockKg: 3 }).where(eq(foodItems.id, ids[3]!));
    expect((await appErrorOf(checkoutBasis(database.db, userId, month))).code).toBe("STOCK_SHORT");
    // The stock check can be left to the statement that reserves.
    expect((await checkoutBasis(database.db, userId, month, undefined, { checkStock: false })).subtotalPaise).toBe(160_000);
    await database.db.update(foodItems).set({ stockKg: null, pricePaise: 10_000_000 }).where(eq(foodItems.id, ids[3]!));
    const large = await appErrorOf(checkoutBasis(database.db, userId, month, [{ _id: ids[3]!, quantity: 51 }]));
    expect(large).toMatchObject({ code: "ORDER_TOO_LARGE", message: expect.stringContaining("₹5,00,000") });
  });

  it("counts the customer's orders paid this month (the ₹150 discount's question), in the same read", async () => {
    const userId = await customerWithCart([[0, 1]]);
    await insertPendingOrder(database.db, userId, ids[0]!, 1, { paymentStatus: "paid", paidAt: new Date() });
    expect((await checkoutBasis(database.db, userId, month)).paidOrdersInMonth).toBe(1);
    expect((await checkoutBasis(database.db, userId, month, [{ _id: ids[0]!, quantity: 1 }])).paidOrdersInMonth).toBe(1);
  });
});
