import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "@mithai/db/sql";
import { cartItems, foodItems, orders } from "@mithai/db/schema";
import type { TestApp } from "../testing";
import { createCheckoutApp, createCustomer, payInSandboxWindow, placeOrderVia, testAddress, verifyVia, type Customer } from "./fixtures";

/** SPEC §7: `place` orders exactly the `items` it is sent, priced from the catalogue; payment takes only those quantities out of the cart. */
describe("placing the lines a client asks for", () => {
  let t: TestApp;
  let menu: { id: string; name: string; pricePaise: number }[];
  beforeAll(async () => {
    t = await createCheckoutApp();
    menu = await t.database.db
      .select({ id: foodItems.id, name: foodItems.name, pricePaise: foodItems.pricePaise })
      .from(foodItems)
      .orderBy(asc(foodItems.slug));
  });
  afterAll(() => t.close());

  const cartOf = async (buyer: Customer) =>
    Object.fromEntries(
      (await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.userId))).map((line) => [line.foodItemId, line.quantity]),
    );
  const ordersOf = (buyer: Customer) => t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));

  it("charges only the asked lines: 2 kg of one sweet from a cart of 5 kg + 4 kg, and the rest of the cart stays after payment", async () => {
    const [jalebi, katli] = [menu[0]!, menu[1]!];
    const buyer = await createCustomer(t);
    await t.database.db.insert(cartItems).values([
      { userId: buyer.userId, foodItemId: jalebi.id, quantity: 5 },
      { userId: buyer.userId, foodItemId: katli.id, quantity: 4 },
    ]);

    const { status, body } = await placeOrderVia(t, buyer, {
      address: testAddress,
      amount: 1,
      items: [{ _id: jalebi.id, quantity: 2, name: "Free sweets", price: 0.01 }],
    });
    expect(status).toBe(200);
    expect(body.amount).toBe(jalebi.pricePaise * 2);
    const [order] = await ordersOf(buyer);
    expect(order!.items.map((i) => [i.foodItemId, i.name, i.quantity, i.unitPricePaise])).toEqual([[jalebi.id, jalebi.name, 2, jalebi.pricePaise]]);

    const paid = await payInSandboxWindow(t, body);
    expect((await verifyVia(t, buyer, paid.response!)).body).toMatchObject({ success: true, orderId: body.orderId });
    expect(await cartOf(buyer)).toEqual({ [jalebi.id]: 3, [katli.id]: 4 });

    // The next order with items works too (it used to answer "Your cart is empty" once a payment cleared the cart).
    const next = await placeOrderVia(t, buyer, { address: testAddress, items: [{ _id: katli.id, quantity: 4 }] });
    // It is this customer's 2nd paid order of the month: the ₹150 discount applies to exactly these lines.
    expect(next).toMatchObject({ status: 200, body: { success: true, discountApplied: true, amount: katli.pricePaise * 4 - 15_000 } });
    await verifyVia(t, buyer, (await payInSandboxWindow(t, next.body)).response!);
    expect(await cartOf(buyer)).toEqual({ [jalebi.id]: 3 });
  });

  it("orders lines that are not in the cart, and leaves the cart as it was", async () => {
    const buyer = await createCustomer(t);
    await t.database.db.insert(cartItems).values({ userId: buyer.userId, foodItemId: menu[2]!.id, quantity: 1 });
    const { body } = await placeOrderVia(t, buyer, { address: testAddress, items: [{ _id: menu[3]!.id, quantity: 7 }] });
    expect(body.amount).toBe(menu[3]!.pricePaise * 7);
    await verifyVia(t, buyer, (await payInSandboxWindow(t, body)).response!);
    expect(await cartOf(buyer)).toEqual({ [menu[2]!.id]: 1 });
  });

  it("without items orders the server cart, as the storefront does", async () => {
    const buyer = await createCustomer(t);
    await t.database.db.insert(cartItems).values({ userId: buyer.userId, foodItemId: menu[4]!.id, quantity: 2 });
    const { body } = await placeOrderVia(t, buyer, { address: testAddress });
    expect(body.amount).toBe(menu[4]!.pricePaise * 2);
    await verifyVia(t, buyer, (await payInSandboxWindow(t, body)).response!);
    expect(await cartOf(buyer)).toEqual({});
  });

  it.each([
    ["an unknown item", () => [{ _id: "00000000-0000-4000-8000-000000000000", quantity: 1 }], /items\.0\._id/],
    ["a malformed id", () => [{ _id: menu[0]!.id, quantity: 1 }, { _id: "kaju", quantity: 1 }], /items\.1\._id/],
    ["a quantity of 0 kg", () => [{ _id: menu[0]!.id, quantity: 0 }], /kilograms from 1 to 100/],
    ["a quantity of 101 kg", () => [{ _id: menu[0]!.id, quantity: 101 }], /kilograms from 1 to 100/],
    ["half a kilogram", () => [{ _id: menu[0]!.id, quantity: 1.5 }], /kilograms from 1 to 100/],
    ["the same item twice", () => [{ _id: menu[0]!.id, quantity: 1 }, { _id: menu[0]!.id, quantity: 2 }], /already in the order/],
    ["more than 50 lines", () => Array.from({ length: 51 }, (_, i) => ({ _id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, quantity: 1 })), /at most 50/],
    ["no lines at all", () => [], /at least one item/],
  ])("refuses %s with a 400 that says what is wrong, creating nothing", async (_case, items, message) => {
    const buyer = await createCustomer(t);
    await t.database.db.insert(cartItems).values({ userId: buyer.userId, foodItemId: menu[0]!.id, quantity: 1 });
    const { status, body } = await placeOrderVia(t, buyer, { address: testAddress, items: items() });
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it("refuses an item the kitchen has removed, naming its line", async () => {
    const buyer = await createCustomer(t);
    const [removed] = await t.database.db.insert(foodItems).values({ ...(await t.database.db.select().from(foodItems).where(eq(foodItems.id, menu[0]!.id)))[0]!, id: undefined, slug: "gone-sweet", name: "Gone sweet", removedAt: new Date() }).returning();
    const { status, body } = await placeOrderVia(t, buyer, { address: testAddress, items: [{ _id: menu[1]!.id, quantity: 1 }, { _id: removed!.id, quantity: 1 }] });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^items\.1\._id: /);
    expect(await ordersOf(buyer)).toEqual([]);
  });
});
