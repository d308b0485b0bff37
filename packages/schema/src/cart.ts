/** Cart facts shared by server and browser (no zod here). DECISIONS: whole kilograms, 1–100 a line, 50 lines a cart. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 100;
export const MAX_CART_LINES = 50;

/** One cart line as the APIs show it (SPEC §3): the food item's id and the kilograms wanted. */
export interface CartLine {
  _id: string;
  quantity: number;
}

/** The guest cart kept in browser storage: food item id → kilograms. */
export type CartMap = Record<string, number>;

export interface MergeResult {
  cartItems: CartLine[];
  /** Guest lines that were not merged: unknown or removed items, or lines beyond the cart's limit. */
  droppedItemIds: string[];
}

export const QUANTITY_MESSAGE = `Quantity must be a whole number of kilograms from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`;
export const CART_FULL_MESSAGE = `A cart can hold at most ${MAX_CART_LINES} different sweets`;

export function isValidQuantity(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_LINE_QUANTITY && (value as number) <= MAX_LINE_QUANTITY;
}
