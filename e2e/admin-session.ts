import type { APIRequestContext, Page } from "@playwright/test";

/**
 * The e2e admin account. The first admin of a fresh database is created by registering with
 * role 'admin' (DECISIONS: bootstrap); later runs and other spec files log in as the same account.
 */
const ADMIN = { name: "E2E Admin", email: "e2e-admin@example.in", password: "e2e-admin-password" };

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/user/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  const loggedIn = (await login.json()) as { success: boolean; token?: string };
  if (loggedIn.success && loggedIn.token) return loggedIn.token;
  const register = await request.post("/api/user/register", { data: { ...ADMIN, role: "admin" } });
  const registered = (await register.json()) as { success: boolean; token?: string; message?: string };
  if (!registered.success || !registered.token) throw new Error(`Could not create the e2e admin: ${registered.message}`);
  return registered.token;
}

/** Opens the admin panel signed in, as the admin login page would leave the browser. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await page.addInitScript((value) => {
    localStorage.setItem("adminToken", value);
    if (!localStorage.getItem("adminLoginTime")) localStorage.setItem("adminLoginTime", new Date().toISOString());
  }, token);
  return token;
}
