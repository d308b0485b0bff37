import {
  CART_FULL_MESSAGE,
  type CartLine,
  type CartMap,
  isValidQuantity,
  LINE_FULL_MESSAGE,
  lineTotalPaise,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  MINIMUM_QUANTITY_MESSAGE,
  paiseToRupees,
  rupeesToPaise,
  subtotalPaise,
} from "@mithai/schema";
import type { FoodItem } from "@mithai/schema";


/** One change to a cart, applied the same way to the guest cart and (optimistically) to the server cart. */
export type CartChange =
  | { kind: "add"; itemId: string; quantity: number }
  | { kind: "remove"; itemId: string }
  | { kind: "removeAll"; itemId: string };

/** The cart after `change`, or an Error whose message tells the customer why it cannot be made (the server says the same). */
export function applyCartChange(cart: CartMap, change: CartChange): CartMap | Error {
  const current = cart[change.itemId] ?? 0;
  const next = { ...cart };
  if (change.kind === "add") {
    if (!isValidQuantity(change.quantity)) return new Error(MINIMUM_QUANTITY_MESSAGE);
    if (current === 0 && Object.keys(cart).length >= MAX_CART_LINES) return new Error(CART_FULL_MESSAGE);
    if (current + change.quantity > MAX_LINE_QUANTITY) return new Error(LINE_FULL_MESSAGE);
    next[change.itemId] = current + change.quantity;
  } else if (change.kind === "remove" && current > MIN_LINE_QUANTITY) {
    next[change.itemId] = current - 1;
  } else {
    delete next[change.itemId];
  }
  return next;
}

/** A stored cart as it can be trusted: anything that is not id → whole kg 1–100 is dropped, at most 50 lines. */
export function sanitizeCartMap(value: unknown): CartMap {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const entries = Object.entries(value).filter(([id, quantity]) => id.length > 0 && id.length <= 100 && isValidQuantity(quantity));
  return Object.fromEntries(entries.slice(0, MAX_CART_LINES));
}

export function cartMapOf(lines: CartLine[]): CartMap {
  return Object.fromEntries(lines.map((line) => [line._id, line.quantity]));
}

export interface PricedLine {
  item: FoodItem;
  quantity: number;
  /** Rupees, from the catalogue price in whole paise. */
  lineTotal: number;
}

/**
 * The cart's lines with the server catalogue's current prices (never a remembered price). Lines of
 * items no longer on the menu are left out.
 */
export function priceCart(cart: CartMap, catalogue: FoodItem[]): { lines: PricedLine[]; subtotal: number } {
  const byId = new Map(catalogue.map((item) => [item._id, item]));
  const priced = Object.entries(cart).flatMap(([id, quantity]) => {
    const item = byId.get(id);
    return item ? [{ item, quantity, unitPricePaise: rupeesToPaise(item.price) ?? 0 }] : [];
  });
  return {
    lines: priced.map(({ item, quantity, unitPricePaise }) => ({ item, quantity, lineTotal: paiseToRupees(lineTotalPaise({ unitPricePaise, quantity })) })),
    subtotal: paiseToRupees(subtotalPaise(priced)),
  };
}
