import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { CART_FULL_MESSAGE, MAX_CART_LINES, mergeChangeNotice } from "@mithai/schema";
import { AppError } from "../errors";
import { addToCart, getCart, mergeGuestCart, removeLineFromCart, removeOneFromCart } from "./service";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("cart service", () => {
  let database: DbHandle;
  let items: string[];
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDb();
    items = await insertTestFoodItems(database.db, MAX_CART_LINES + 2);
  });
  afterAll(() => database.close());

  const item = (i: number) => items[i]!;
  const newCustomer = () => insertTestUser(db());

  it("starts empty, adds 1 kg by default or the chosen amount, and adds onto an existing line", async () => {
    const user = await newCustomer();
    expect(await getCart(db(), user)).toEqual([]);
    expect(await addToCart(db(), user, item(0))).toEqual([{ _id: item(0), quantity: 1 }]);
    await addToCart(db(), user, item(1), 3);
    expect(await addToCart(db(), user, item(0), 2)).toEqual([
      { _id: item(0), quantity: 3 },
      { _id: item(1), quantity: 3 },
    ]);
  });

  it("remove takes one kg off and deletes the line at 0; removeAll deletes the line", async () => {
    const user = await newCustomer();
    await addToCart(db(), user, item(0), 2);
    await addToCart(db(), user, item(1), 5);
    expect(await removeOneFromCart(db(), user, item(0))).toEqual([
      { _id: item(0), quantity: 1 },
      { _id: item(1), quantity: 5 },
    ]);
    expect(await removeOneFromCart(db(), user, item(0))).toEqual([{ _id: item(1), quantity: 5 }]);
    expect(await removeLineFromCart(db(), user, item(1))).toEqual([]);
  });

  it.each([
    ["an unknown id", UNKNOWN_ID],
    ["a malformed id", "not-a-uuid"],
  ])("answers 404 for %s and changes nothing", async (_name, id) => {
    const user = await newCustomer();
    await addToCart(db(), user, item(0));
    await expect(addToCart(db(), user, id)).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
    await expect(removeOneFromCart(db(), user, id)).rejects.toThrowError(new AppError("NOT_FOUND", "This sweet is not in your cart"));
    await expect(removeLineFromCart(db(), user, id)).rejects.toThrowError(new AppError("NOT_FOUND", "This sweet is not in your cart"));
    expect(await getCart(db(), user)).toEqual([{ _id: item(0), quantity: 1 }]);
  });

  it("keeps a line within 100 kg", async () => {
    const user = await newCustomer();
    await addToCart(db(), user, item(0), 99);
    await expect(addToCart(db(), user, item(0), 2)).rejects.toThrowError(new AppError("CART_FULL", "You can order at most 100 kg of one sweet"));
    expect(await addToCart(db(), user, item(0), 1)).toEqual([{ _id: item(0), quantity: 100 }]);
  });

  it("holds at most 50 lines, but more kilograms on an existing line are fine", async () => {
    const user = await newCustomer();
    for (let i = 0; i < MAX_CART_LINES; i++) await addToCart(db(), user, item(i));
    await expect(addToCart(db(), user, item(MAX_CART_LINES))).rejects.toThrowError(new AppError("CART_FULL", CART_FULL_MESSAGE));
    const cart = await addToCart(db(), user, item(0), 4);
    expect(cart).toHaveLength(MAX_CART_LINES);
    expect(cart[0]).toEqual({ _id: item(0), quantity: 5 });
  });

  it("loses no update when many adds to the same line run at once", async () => {
    const user = await newCustomer();
    await Promise.all(Array.from({ length: 20 }, () => addToCart(db(), user, item(0), 2)));
    expect(await getCart(db(), user)).toEqual([{ _id: item(0), quantity: 40 }]);
  });

  it("never goes past 50 lines when new lines are added at once", async () => {
    const user = await newCustomer();
    for (let i = 0; i < MAX_CART_LINES - 2; i++) await addToCart(db(), user, item(i));
    const results = await Promise.allSettled([MAX_CART_LINES - 2, MAX_CART_LINES - 1, MAX_CART_LINES, MAX_CART_LINES + 1].map((i) => addToCart(db(), user, item(i))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await getCart(db(), user)).toHaveLength(MAX_CART_LINES);
  });

  it("merges a guest cart: guest quantity wins, other server lines stay, unknown items are dropped and reported", async () => {
    const user = await newCustomer();
    await addToCart(db(), user, item(0), 5);
    await addToCart(db(), user, item(1), 2);
    const result = await mergeGuestCart(db(), user, { [item(1)]: 7, [item(2)]: 1, [UNKNOWN_ID]: 3, "garbage-id": 2 });
    expect(result.droppedItemIds.sort()).toEqual([UNKNOWN_ID, "garbage-id"].sort());
    expect(result.cartItems).toEqual([
      { _id: item(0), quantity: 5 },
      { _id: item(1), quantity: 7 },
      { _id: item(2), quantity: 1 },
    ]);
    // The saved 2 kg replaced by the guest's 7 kg is reported, so the shopper can be told (issue 16).
    expect(result.changed).toEqual([{ _id: item(1), name: expect.any(String), from: 2, to: 7 }]);
    expect(mergeChangeNotice([{ _id: item(1), name: "Kaju Katli", from: 3, to: 1 }])).toBe("Kaju Katli set to 1 kg (was 3 kg) from your recent visit.");
    expect(mergeChangeNotice([])).toBeNull();
  });

  it("merges only what fits in 50 lines and reports the rest", async () => {
    const user = await newCustomer();
    for (let i = 0; i < MAX_CART_LINES - 1; i++) await addToCart(db(), user, item(i));
    const result = await mergeGuestCart(db(), user, { [item(0)]: 9, [item(MAX_CART_LINES)]: 1, [item(MAX_CART_LINES + 1)]: 1 });
    expect(result.droppedItemIds).toEqual([item(MAX_CART_LINES + 1)]);
    expect(result.cartItems).toHaveLength(MAX_CART_LINES);
    expect(result.cartItems[0]).toEqual({ _id: item(0), quantity: 9 });
  });

  it("never shows, adds or merges items taken off the menu", async () => {
    const [gone] = await insertTestFoodItems(db(), 1);
    const user = await newCustomer();
    await addToCart(db(), user, gone!, 2);
    await addToCart(db(), user, item(0));
    await db().update(foodItems).set({ removedAt: new Date() }).where(eq(foodItems.id, gone!));
    expect(await getCart(db(), user)).toEqual([{ _id: item(0), quantity: 1 }]);
    await expect(addToCart(db(), user, gone!)).rejects.toThrowError(new AppError("NOT_FOUND", "Food item not found"));
    const merged = await mergeGuestCart(db(), user, { [gone!]: 1 });
    expect(merged).toEqual({ cartItems: [{ _id: item(0), quantity: 1 }], droppedItemIds: [gone], changed: [] });
  });

  it("refuses a token whose account no longer exists", async () => {
    await expect(addToCart(db(), UNKNOWN_ID, item(0))).rejects.toThrowError(new AppError("UNAUTHENTICATED", "Please log in again"));
  });
});
