import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAuthToken } from "@mithai/api";
import { insertTestFoodItems, insertTestUser } from "@mithai/db/testing";
import { CART_FULL_MESSAGE, type CartLine, MAX_CART_LINES, QUANTITY_MESSAGE } from "@mithai/schema";
import { createTestApp, jsonOf, TEST_JWT_SECRET, type TestApp } from "../testing";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("cart over REST", () => {
  let t: TestApp;
  let items: string[];

  beforeAll(async () => {
    t = await createTestApp();
    items = await insertTestFoodItems(t.database.db, MAX_CART_LINES + 1);
  });
  afterAll(() => t.close());

  const item = (i: number) => items[i]!;
  async function newCustomerToken(): Promise<string> {
    return signAuthToken({ userId: await insertTestUser(t.database.db), role: "user" }, TEST_JWT_SECRET);
  }
  const post = (url: string, token: string | null, payload?: object, headerName = "authorization") =>
    t.app.inject({
      method: "POST",
      url,
      headers: token ? { [headerName]: headerName === "authorization" ? `Bearer ${token}` : token } : {},
      ...(payload ? { payload } : {}),
    });
  const cartOf = async (token: string) => jsonOf<{ cartItems: CartLine[] }>(await post("/api/cart/get", token)).cartItems;

  it("adds (1 kg by default), removes one kg at a time and deletes the line at 0, answering the cart each time", async () => {
    const token = await newCustomerToken();
    const get = await post("/api/cart/get", token);
    expect(get.statusCode).toBe(200);
    expect(jsonOf(get)).toEqual({ success: true, cartItems: [], cartData: {}, promoCode: null });

    expect(jsonOf(await post("/api/cart/add", token, { itemId: item(0) }))).toEqual({
      success: true,
      message: "Added to cart",
      cartItems: [{ _id: item(0), quantity: 1 }],
      cartData: { [item(0)]: 1 },
    });
    await post("/api/cart/add", token, { itemId: item(0), quantity: 2 });
    const removed = await post("/api/cart/remove", token, { itemId: item(0) });
    expect(jsonOf(removed)).toEqual({ success: true, message: "Removed from cart", cartItems: [{ _id: item(0), quantity: 2 }], cartData: { [item(0)]: 2 } });
    await post("/api/cart/remove", token, { itemId: item(0) });
    expect(jsonOf(await post("/api/cart/remove", token, { itemId: item(0) })).cartItems).toEqual([]);
  });

  it("accepts the token in a bare `token` header, as older clients send it", async () => {
    const token = await newCustomerToken();
    const res = await post("/api/cart/add", token, { itemId: item(1), quantity: 4 }, "token");
    expect(res.statusCode).toBe(200);
    expect(await cartOf(token)).toEqual([{ _id: item(1), quantity: 4 }]);
  });

  it.each(["/api/cart/get", "/api/cart/add", "/api/cart/remove", "/api/cart/merge"])("answers 401 without a valid token on %s", async (url) => {
    for (const token of [null, "forged.token.value"]) {
      const res = await post(url, token, { itemId: item(0), cartData: {} });
      expect(res.statusCode).toBe(401);
      expect(jsonOf(res)).toEqual({ success: false, code: "UNAUTHENTICATED", message: "Please log in to continue", requestId: expect.any(String) });
    }
  });

  it.each([
    ["0", 0],
    ["-1", -1],
    ["1.5", 1.5],
    ["101", 101],
    ["a string", "2"],
    ["null", null],
  ])("refuses a quantity of %s with 400 and changes nothing", async (_name, quantity) => {
    const token = await newCustomerToken();
    await post("/api/cart/add", token, { itemId: item(0) });
    const res = await post("/api/cart/add", token, { itemId: item(0), quantity });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ success: false, message: `quantity: ${QUANTITY_MESSAGE}` });
    const merge = await post("/api/cart/merge", token, { cartData: { [item(0)]: quantity } });
    expect(merge.statusCode).toBe(400);
    expect(jsonOf(merge)).toMatchObject({ success: false, message: `cartData.${item(0)}: ${QUANTITY_MESSAGE}` });
    expect(await cartOf(token)).toEqual([{ _id: item(0), quantity: 1 }]);
  });

  it.each([
    ["an unknown id", { itemId: UNKNOWN_ID }, 404, "Food item not found"],
    ["a malformed id", { itemId: "'; drop table cart_items; --" }, 404, "Food item not found"],
    ["a missing id", {}, 400, "itemId: Item id is required"],
    ["an id that is not a string", { itemId: 42 }, 400, "itemId: Item id is required"],
    ["a very long id", { itemId: "9".repeat(5000) }, 400, "itemId: Item id is not valid"],
  ])("refuses to add %s", async (_name, payload, status, message) => {
    const token = await newCustomerToken();
    const res = await post("/api/cart/add", token, payload);
    expect(res.statusCode).toBe(status);
    expect(jsonOf(res)).toMatchObject({ success: false, message });
    expect(await cartOf(token)).toEqual([]);
  });

  it("answers 404 when removing something that is not in the cart", async () => {
    const token = await newCustomerToken();
    const res = await post("/api/cart/remove", token, { itemId: item(0) });
    expect(res.statusCode).toBe(404);
    expect(jsonOf(res)).toEqual({ success: false, code: "NOT_FOUND", message: "This sweet is not in your cart", requestId: expect.any(String) });
  });

  it("caps a line at 100 kg and a cart at 50 lines with a message", async () => {
    const token = await newCustomerToken();
    await post("/api/cart/add", token, { itemId: item(0), quantity: 100 });
    const tooMuch = await post("/api/cart/add", token, { itemId: item(0) });
    expect(tooMuch.statusCode).toBe(400);
    expect(jsonOf(tooMuch)).toEqual({ success: false, code: "CART_FULL", message: "You can order at most 100 kg of one sweet", requestId: expect.any(String) });

    for (let i = 1; i < MAX_CART_LINES; i++) await post("/api/cart/add", token, { itemId: item(i) });
    const full = await post("/api/cart/add", token, { itemId: item(MAX_CART_LINES) });
    expect(full.statusCode).toBe(400);
    expect(jsonOf(full)).toEqual({ success: false, code: "CART_FULL", message: CART_FULL_MESSAGE, requestId: expect.any(String) });
    expect(await cartOf(token)).toHaveLength(MAX_CART_LINES);
  });

  it("loses no update when the same line is added to from many requests at once", async () => {
    const token = await newCustomerToken();
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/api/cart/add", token, { itemId: item(2), quantity: 3 })));
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await cartOf(token)).toEqual([{ _id: item(2), quantity: 30 }]);
  });

  it("merges: guest quantity wins on overlap, other server lines stay, unknown and malformed ids are dropped and reported", async () => {
    const token = await newCustomerToken();
    await post("/api/cart/add", token, { itemId: item(0), quantity: 5 });
    await post("/api/cart/add", token, { itemId: item(1), quantity: 5 });
    const res = await post("/api/cart/merge", token, { cartData: { [item(1)]: 2, [item(3)]: 4, [UNKNOWN_ID]: 1, "not-an-id": 1 } });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ success: boolean; message: string; cartItems: CartLine[]; droppedItemIds: string[] }>(res);
    expect(body).toMatchObject({ success: true, message: "Cart merged; some items could not be added (no longer on the menu, or the cart is full)" });
    expect(body.droppedItemIds.sort()).toEqual([UNKNOWN_ID, "not-an-id"].sort());
    expect(body.cartItems).toEqual([
      { _id: item(0), quantity: 5 },
      { _id: item(1), quantity: 2 },
      { _id: item(3), quantity: 4 },
    ]);
    // The saved 5 kg the guest's 2 kg replaced is reported, for the shopper's toast (issue 16).
    expect(jsonOf<{ changed: unknown[] }>(res).changed).toEqual([{ _id: item(1), name: expect.any(String), from: 5, to: 2 }]);
  });

  it.each([
    ["no cartData", {}],
    ["a list instead of a map", { cartData: [1, 2] }],
    ["more than 50 lines", { cartData: Object.fromEntries(Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => [`id-${i}`, 1])) }],
  ])("refuses to merge %s with 400", async (_name, payload) => {
    const token = await newCustomerToken();
    const res = await post("/api/cart/merge", token, payload);
    expect(res.statusCode).toBe(400);
    expect(jsonOf<{ success: boolean; message: string }>(res).message.length).toBeGreaterThan(0);
  });
});

describe("cart over tRPC", () => {
  let t: TestApp;
  let items: string[];
  beforeAll(async () => {
    t = await createTestApp();
    items = await insertTestFoodItems(t.database.db, 2);
  });
  afterAll(() => t.close());

  it("removeAll deletes a whole line; a guest is told to log in", async () => {
    const token = await signAuthToken({ userId: await insertTestUser(t.database.db), role: "user" }, TEST_JWT_SECRET);
    const call = (path: string, input: object, auth = true) =>
      t.app.inject({ method: "POST", url: `/trpc/${path}`, payload: input, headers: auth ? { authorization: `Bearer ${token}` } : {} });
    await call("cart.add", { itemId: items[0], quantity: 7 });
    await call("cart.add", { itemId: items[1] });
    const res = await call("cart.removeAll", { itemId: items[0] });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ result: { data: CartLine[] } }>(res).result.data).toEqual([{ _id: items[1], quantity: 1 }]);

    const guest = await call("cart.add", { itemId: items[0] }, false);
    expect(guest.statusCode).toBe(401);
    const bad = await call("cart.add", { itemId: items[0], quantity: 0 });
    expect(bad.statusCode).toBe(400);
  });
});
