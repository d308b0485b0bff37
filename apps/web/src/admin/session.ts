import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@mithai/schema/auth";

/**
 * The admin session (SPEC §3): `adminToken` and `adminLoginTime` (ISO) in localStorage. Admin access in
 * the interface depends only on the token being there; the server checks it on every admin call.
 */
export interface AdminSession {
  token: string;
  loginTime: Date;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; loginTime: string | null; session: AdminSession | null } = { token: null, loginTime: null, session: null };

export function getAdminSession(): AdminSession | null {
  const token = localStorage.getItem(STORAGE_KEYS.adminToken);
  const loginTime = localStorage.getItem(STORAGE_KEYS.adminLoginTime);
  // useSyncExternalStore needs the same object back while nothing changed.
  if (token !== cached.token || loginTime !== cached.loginTime) {
    const parsed = loginTime ? new Date(loginTime) : new Date(NaN);
    cached = { token, loginTime, session: token ? { token, loginTime: Number.isNaN(parsed.getTime()) ? new Date() : parsed } : null };
  }
  return cached.session;
}

export function startAdminSession(token: string): void {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.adminLoginTime, new Date().toISOString());
  listeners.forEach((notify) => notify());
}

export function endAdminSession(): void {
  localStorage.removeItem(STORAGE_KEYS.adminToken);
  localStorage.removeItem(STORAGE_KEYS.adminLoginTime);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.adminToken || event.key === STORAGE_KEYS.adminLoginTime || event.key === null) notify();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", onStorage);
  };
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getAdminSession, () => null);
}
