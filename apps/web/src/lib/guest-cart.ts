import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@mithai/schema/auth";
import type { CartMap } from "@mithai/schema/cart";
import { sanitizeCartMap } from "./cart-lines";

/**
 * The guest cart (SPEC §3: `localStorage.guestCart`, id → kg) as an external store, so the navbar dot and the
 * cart page follow changes, also from another tab. `preLoginCart` is the copy saved when a guest goes to check out.
 */
const EMPTY: CartMap = {};
const listeners = new Set<() => void>();
let cached: { raw: string | null; cart: CartMap } = { raw: null, cart: {} };

function readStored(key: string): CartMap {
  try {
    return sanitizeCartMap(JSON.parse(localStorage.getItem(key) ?? "{}"));
  } catch {
    return {};
  }
}

export function getGuestCart(): CartMap {
  const raw = localStorage.getItem(STORAGE_KEYS.guestCart);
  // The same snapshot object until storage changes, as useSyncExternalStore requires.
  if (raw !== cached.raw) cached = { raw, cart: readStored(STORAGE_KEYS.guestCart) };
  return cached.cart;
}

export function setGuestCart(cart: CartMap): void {
  localStorage.setItem(STORAGE_KEYS.guestCart, JSON.stringify(cart));
  listeners.forEach((notify) => notify());
}

/** Saved before the login popup opens at checkout (SPEC §4). */
export function savePreLoginCart(cart: CartMap): void {
  localStorage.setItem(STORAGE_KEYS.preLoginCart, JSON.stringify(cart));
}

/** What a newly signed-in customer brings along: the saved pre-login cart overlaid by the current guest cart. */
export function guestCartToMerge(): CartMap {
  return sanitizeCartMap({ ...readStored(STORAGE_KEYS.preLoginCart), ...getGuestCart() });
}

export function clearGuestCarts(): void {
  localStorage.removeItem(STORAGE_KEYS.guestCart);
  localStorage.removeItem(STORAGE_KEYS.preLoginCart);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.guestCart || event.key === null) notify();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", onStorage);
  };
}

export function useGuestCart(): CartMap {
  return useSyncExternalStore(subscribe, getGuestCart, () => EMPTY);
}
