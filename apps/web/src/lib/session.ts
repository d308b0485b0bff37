import { STORAGE_KEYS } from "@mithai/schema";
import { storedValue, useStoredValue } from "./stored-value";

/**
 * The signed-in customer's token (SPEC §3 storage key `token`), as a store so any component (navbar, cart merge,
 * checkout) re-renders when a customer signs in or out — also in another tab.
 */
export const customerToken = storedValue([STORAGE_KEYS.token], ([token]) => token ?? null);

export function getCustomerToken(): string | null {
  return customerToken.get();
}

export function setCustomerToken(token: string | null): void {
  customerToken.write({ [STORAGE_KEYS.token]: token || null });
}

export function useCustomerToken(): string | null {
  return useStoredValue(customerToken);
}
