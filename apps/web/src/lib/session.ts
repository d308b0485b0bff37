import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@mithai/schema/auth";

/**
 * The signed-in customer's token (SPEC §3 storage key `token`), as a tiny external store so any
 * component (navbar, cart merge, checkout) re-renders when a customer signs in or out — also in
 * another tab.
 */
const listeners = new Set<() => void>();

export function getCustomerToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function setCustomerToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  else localStorage.removeItem(STORAGE_KEYS.token);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token) notify();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCustomerToken(): string | null {
  return useSyncExternalStore(subscribe, getCustomerToken, () => null);
}
