import { STORAGE_KEYS } from "@mithai/schema/auth";

/** The signed-in customer's token, if any (SPEC §3 storage keys). */
export function getCustomerToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
