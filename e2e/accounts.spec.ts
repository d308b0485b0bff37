import { expect, test } from "./support/test";
import { STORAGE_KEYS } from "@mithai/schema";
import { PASSWORD, createCustomer, resetLinkMailedTo, signUpThroughPopup, uniqueEmail } from "./support/accounts";
import { E2E_ADMIN, adminToken } from "./support/admin";

test.describe("customer accounts", () => {
  test("sign up through the popup (terms required), log out, log in again without ticking them", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In" }).click();
    const login = page.getByRole("dialog", { name: "Login" });
    await expect(login.getByLabel("Email")).toHaveAttribute("type", "email");
    await login.getByRole("button", { name: "Click here" }).click();

    const signUp = page.getByRole("dialog", { name: "Sign Up" });
    await signUp.getByLabel("Your name").fill("Asha Rao");
    await signUp.getByLabel("Email").fill(`asha-${Date.now()}@example.in`);
    await signUp.getByLabel("Password").fill(PASSWORD);
    await signUp.getByRole("button", { name: "Create account" }).click();
    // Without the terms checkbox the browser refuses to submit and nobody is signed in.
    const terms = signUp.getByLabel("By continuing, I agree to the terms of use & privacy policy.");
    expect(await terms.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    await expect(signUp).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
    await signUp.getByRole("button", { name: "Login here" }).click();
    await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Close" }).click();

    const email = await signUpThroughPopup(page);
    // Nothing stored asked for another place, so the customer lands on the cart (SPEC §4).
    await expect(page).toHaveURL(/\/cart$/);

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();

    await page.getByRole("button", { name: "Sign In" }).click();
    const again = page.getByRole("dialog", { name: "Login" });
    // A returning customer agreed when signing up: the login form asks for no tick (issue 16).
    await expect(again.getByRole("checkbox")).toHaveCount(0);
    await expect(again.getByRole("link", { name: "terms of use" })).toBeVisible();
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password").fill("wrong-password");
    await again.getByRole("button", { name: "Login" }).click();
    await expect(again.getByRole("alert")).toHaveText("Invalid email or password");

    await again.getByLabel("Password").fill(PASSWORD);
    await again.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
  });

  test("after login the customer returns to the stored redirect target", async ({ page }) => {
    const { email } = await createCustomer(page);
    await page.goto("/product/kaju-katli");
    await page.evaluate((key) => localStorage.setItem(key, "/product/kaju-katli"), STORAGE_KEYS.redirectAfterLogin);
    await page.getByRole("button", { name: "Sign In" }).click();
    const login = page.getByRole("dialog", { name: "Login" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
    await expect(page).toHaveURL(/\/product\/kaju-katli$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  test("the profile menu leads to orders, and the dashboard shows profile and saves an address", async ({ page }) => {
    await page.goto("/");
    const email = await signUpThroughPopup(page, "Vikram Shah");

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/my-orders$/);
    await expect(page.getByText("No orders placed yet.")).toBeVisible();

    await page.getByRole("link", { name: "My Profile" }).click();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Vikram Shah")).toBeVisible();

    await page.getByRole("link", { name: "Manage Address" }).click();
    await expect(page.getByText("No additional addresses saved yet.")).toBeVisible();
    await page.getByLabel("Street").fill("21 Linking Road");
    await page.getByLabel("City").fill("Mumbai");
    await page.getByLabel("State").fill("Maharashtra");
    await page.getByLabel("PIN code").fill("400050");
    await expect(page.getByLabel("Country")).toHaveValue("India");
    await page.getByLabel("Mobile").fill("+919820012345");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address added successfully!");
    await expect(page.locator(".address-card")).toContainText("21 Linking Road");
    await expect(page.locator(".address-card")).toContainText("Mumbai, Maharashtra 400050");

    await page.reload();
    await expect(page.locator(".address-card")).toHaveCount(1);
  });

  test("forgot and reset password with the mailed link", async ({ page }) => {
    const { email } = await createCustomer(page);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("button", { name: "Sent" })).toBeDisabled();
    await expect(page.getByLabel("Email")).toBeDisabled();
    await expect(page.getByRole("status")).toContainText("If an account exists");

    const link = await resetLinkMailedTo(email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await page.getByLabel("Confirm new password").fill("brand-new-pass-2");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords don't match");

    await page.getByLabel("Confirm new password").fill("brand-new-pass-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been reset");

    await page.getByRole("button", { name: "Log in" }).click();
    const login = page.getByRole("dialog", { name: "Login" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password").fill("brand-new-pass-1");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Account" })).toBeVisible();

    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel("New password", { exact: true }).fill("another-pass-3");
    await page.getByLabel("Confirm new password").fill("another-pass-3");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");
  });

  test("a reset page without a token says the link is invalid", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid reset link");
  });
});

test.describe("admin entry", () => {
  test("the first admin registers through /admin-register and lands on the dashboard; a second is refused", async ({ page }) => {
    // The e2e server starts empty and this spec runs first, so this is the bootstrap admin.
    await page.goto("/admin-register");
    await page.getByLabel("Name").fill(E2E_ADMIN.name);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole("heading", { name: /Admin Panel/ })).toBeVisible();
    await expect(page.getByText(/You logged in at .*(am|pm)/i)).toBeVisible();
    const stored = await page.evaluate((keys) => [localStorage.getItem(keys[0]!), localStorage.getItem(keys[1]!)], [STORAGE_KEYS.adminToken, STORAGE_KEYS.adminLoginTime]);
    expect(stored[0]).toBeTruthy();
    expect(new Date(stored[1]!).toISOString()).toBe(stored[1]);

    // Another visitor (no admin token) cannot make themselves an admin.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(page.url().replace(/\/admin-dashboard$/, "/admin-register"));
    await visitor.getByLabel("Name").fill("Intruder");
    await visitor.getByLabel("Email").fill(uniqueEmail("intruder"));
    await visitor.getByLabel("Password").fill("intruder-pass-1");
    // The refusal is an alert: accepted as soon as it opens (waiting to accept it later has hung headless chromium).
    const alerts: string[] = [];
    visitor.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await visitor.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => alerts).toEqual([expect.stringMatching(/Admin registration is closed/)]);
    await expect(visitor).toHaveURL(/\/admin-register$/);
    await visitor.close();
  });

  test("admin login refuses a customer, and any admin path without a session shows the login", async ({ page }) => {
    const { email } = await createCustomer(page);
    await page.goto("/admin/list");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Only admins can login here.")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();

    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Login failed. Please check credentials.")).toBeVisible();
  });

  test("an admin logs in, the session timer ticks, the sidebar links are there, and Logout ends the session", async ({ page }) => {
    await adminToken(page);
    await page.goto("/admin-login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Admin login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard$/);

    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^00:0[0-2]$/);
    await expect(timer).toHaveText(/^00:0[2-5]$/, { timeout: 6_000 });

    const sidebar = page.getByRole("navigation", { name: "Admin" });
    for (const [label, href] of [["Add Items", "/admin/add"], ["List Items", "/admin/list"], ["Orders", "/admin/orders"]] as const) {
      await expect(sidebar.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("link", { name: "Admin dashboard" })).toHaveAttribute("href", "/admin-dashboard");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    const stored = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), [STORAGE_KEYS.adminToken, STORAGE_KEYS.adminLoginTime]);
    expect(stored).toEqual([null, null]);
    await page.goto("/admin-dashboard");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  });
});
