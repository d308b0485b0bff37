import { expect, type Page } from "./test";
import { STORAGE_KEYS } from "@mithai/schema";
import { fromOwnClient } from "./accounts";

/**
 * The one admin of the e2e server. Whichever spec needs an admin first creates it (the bootstrap
 * rule allows exactly one self-registered admin); later ones log in with the same credentials.
 */
export const E2E_ADMIN = { name: "Shop Admin", email: "admin@mithai-e2e.in", password: "admin-password-1" } as const;

/** An admin token for E2E_ADMIN, creating the admin when nobody has yet. */
export async function adminToken(page: Page): Promise<string> {
  const register = await page.request.post("/api/user/register", { headers: fromOwnClient(), data: { ...E2E_ADMIN, role: "admin" } });
  if (register.ok()) return ((await register.json()) as { token: string }).token;
  const login = await page.request.post("/api/user/login", { headers: fromOwnClient(), data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), "the e2e admin exists with the known password").toBe(true);
  const body = (await login.json()) as { token: string; role: string };
  expect(body.role).toBe("admin");
  return body.token;
}

/** Opens `path` in the admin panel as E2E_ADMIN (session stored as the admin login page would). */
export async function openAsAdmin(page: Page, path = "/admin-dashboard"): Promise<void> {
  const token = await adminToken(page);
  await page.addInitScript(
    ({ keys, token }) => {
      if (!localStorage.getItem(keys.adminToken)) {
        localStorage.setItem(keys.adminToken, token);
        localStorage.setItem(keys.adminLoginTime, new Date().toISOString());
      }
    },
    { keys: { adminToken: STORAGE_KEYS.adminToken, adminLoginTime: STORAGE_KEYS.adminLoginTime }, token },
  );
  await page.goto(path);
}
