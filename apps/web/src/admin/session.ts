import { STORAGE_KEYS } from "@mithai/schema";
import { storedValue, useStoredValue } from "../lib/stored-value";

/**
 * The admin session (SPEC §3): `adminToken` and `adminLoginTime` (ISO) in localStorage. Admin access in
 * the interface depends only on the token being there; the server checks it on every admin call.
 */
export interface AdminSession {
  token: string;
  loginTime: Date;
}

export const adminSession = storedValue([STORAGE_KEYS.adminToken, STORAGE_KEYS.adminLoginTime], ([token, loginTime]): AdminSession | null => {
  if (!token) return null;
  const parsed = loginTime ? new Date(loginTime) : new Date(NaN);
  return { token, loginTime: Number.isNaN(parsed.getTime()) ? new Date() : parsed };
});

export function getAdminSession(): AdminSession | null {
  return adminSession.get();
}

export function startAdminSession(token: string): void {
  adminSession.write({ [STORAGE_KEYS.adminToken]: token, [STORAGE_KEYS.adminLoginTime]: new Date().toISOString() });
}

export function endAdminSession(): void {
  adminSession.write({ [STORAGE_KEYS.adminToken]: null, [STORAGE_KEYS.adminLoginTime]: null });
}

export function useAdminSession(): AdminSession | null {
  return useStoredValue(adminSession);
}
