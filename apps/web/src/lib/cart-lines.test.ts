import { describe, expect, it } from "vitest";
import { CART_FULL_MESSAGE, MAX_CART_LINES } from "@mithai/schema";
import type { FoodItem } from "@mithai/schema";
import { applyCartChange, priceCart, sanitizeCartMap } from "./cart-lines";

const item = (id: string, price: number) => ({ _id: id, price }) as FoodItem;

describe("cart changes in the browser", () => {
  it("adds onto a line, removes one kg at a time, and removeAll drops the line", () => {
    let cart = applyCartChange({}, { kind: "add", itemId: "a", quantity: 2 });
    cart = applyCartChange(cart as Record<string, number>, { kind: "add", itemId: "a", quantity: 1 });
    expect(cart).toEqual({ a: 3 });
    expect(applyCartChange({ a: 2 }, { kind: "remove", itemId: "a" })).toEqual({ a: 1 });
    expect(applyCartChange({ a: 1, b: 1 }, { kind: "remove", itemId: "a" })).toEqual({ b: 1 });
    expect(applyCartChange({ a: 9, b: 1 }, { kind: "removeAll", itemId: "a" })).toEqual({ b: 1 });
  });

  it("refuses what the server would refuse, with the customer's message", () => {
    expect(applyCartChange({}, { kind: "add", itemId: "a", quantity: 0 })).toEqual(new Error("Minimum 1 kg required to add to cart."));
    expect(applyCartChange({ a: 100 }, { kind: "add", itemId: "a", quantity: 1 })).toEqual(new Error("You can order at most 100 kg of one sweet"));
    const full = Object.fromEntries(Array.from({ length: MAX_CART_LINES }, (_, i) => [`id${i}`, 1]));
    expect(applyCartChange(full, { kind: "add", itemId: "new", quantity: 1 })).toEqual(new Error(CART_FULL_MESSAGE));
    expect(applyCartChange(full, { kind: "add", itemId: "id0", quantity: 1 })).toMatchObject({ id0: 2 });
  });

  it("trusts nothing from storage that is not id → whole kg 1–100", () => {
    expect(sanitizeCartMap({ a: 2, b: 0, c: 1.5, d: "3", e: 101, f: -1 })).toEqual({ a: 2 });
    for (const junk of [null, "x", 42, [1, 2]]) expect(sanitizeCartMap(junk)).toEqual({});
  });

  it("prices lines from the catalogue in whole paise and leaves out items no longer on the menu", () => {
    const priced = priceCart({ a: 3, gone: 2, b: 1 }, [item("a", 0.1), item("b", 549.5)]);
    expect(priced.lines.map((line) => [line.item._id, line.quantity, line.lineTotal])).toEqual([
      ["a", 3, 0.3],
      ["b", 1, 549.5],
    ]);
    expect(priced.subtotal).toBe(549.8);
  });
});
