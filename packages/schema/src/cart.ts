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
  /** Saved lines whose quantity the guest's replaced (the guest quantity wins), so the shopper can be told. */
  changed: MergedQuantityChange[];
}

export interface MergedQuantityChange {
  _id: string;
  name: string;
  /** Kilograms saved in the account before, and now (the guest's). */
  from: number;
  to: number;
}

/** One line telling the shopper what the merge changed: "Kaju Katli set to 1 kg (was 3 kg) from your recent visit." */
export function mergeChangeNotice(changed: readonly MergedQuantityChange[]): string | null {
  if (changed.length === 0) return null;
  return `${changed.map((line) => `${line.name} set to ${line.to} kg (was ${line.from} kg)`).join(", ")} from your recent visit.`;
}

export const QUANTITY_MESSAGE = `Quantity must be a whole number of kilograms from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`;
export const CART_FULL_MESSAGE = `A cart can hold at most ${MAX_CART_LINES} different sweets`;
export const LINE_FULL_MESSAGE = `You can order at most ${MAX_LINE_QUANTITY} kg of one sweet`;
/** SPEC §4's alert for a quantity below the minimum. */
export const MINIMUM_QUANTITY_MESSAGE = `Minimum ${MIN_LINE_QUANTITY} kg required to add to cart.`;

export function isValidQuantity(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_LINE_QUANTITY && (value as number) <= MAX_LINE_QUANTITY;
}
