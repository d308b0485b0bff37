import { STORAGE_KEYS } from "@mithai/schema";
import type { CartMap } from "@mithai/schema";
import { sanitizeCartMap } from "./cart-lines";
import { parseStoredJson, storedValue, useStoredValue } from "./stored-value";

/**
 * The guest cart (SPEC §3: `localStorage.guestCart`, id → kg) as a store, so the navbar dot and the cart page follow
 * changes, also from another tab. `preLoginCart` is the copy saved when a guest goes to check out.
 */
const readCart = ([stored = null]: (string | null)[]): CartMap => sanitizeCartMap(parseStoredJson(stored));
export const guestCart = storedValue([STORAGE_KEYS.guestCart], readCart);
const preLoginCart = storedValue([STORAGE_KEYS.preLoginCart], readCart);

export function getGuestCart(): CartMap {
  return guestCart.get();
}

export function setGuestCart(cart: CartMap): void {
  guestCart.write({ [STORAGE_KEYS.guestCart]: JSON.stringify(cart) });
}

/** Saved before the login popup opens at checkout (SPEC §4). */
export function savePreLoginCart(cart: CartMap): void {
  preLoginCart.write({ [STORAGE_KEYS.preLoginCart]: JSON.stringify(cart) });
}

/** What a newly signed-in customer brings along: the saved pre-login cart overlaid by the current guest cart. */
export function guestCartToMerge(): CartMap {
  return sanitizeCartMap({ ...preLoginCart.get(), ...getGuestCart() });
}

export function clearGuestCarts(): void {
  preLoginCart.write({ [STORAGE_KEYS.preLoginCart]: null });
  guestCart.write({ [STORAGE_KEYS.guestCart]: null });
}

export function useGuestCart(): CartMap {
  return useStoredValue(guestCart);
}
