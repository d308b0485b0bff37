import { expect, test } from "@playwright/test";
import { STORAGE_KEYS } from "@mithai/schema/auth";
import { PASSWORD, createCustomer, resetLinkMailedTo, signUpThroughPopup } from "./support/accounts";

test.describe("customer accounts", () => {
  test("sign up through the popup (terms required), log out, log in again", async ({ page }) => {
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
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password").fill("wrong-password");
    await again.getByLabel("By continuing, I agree to the terms of use & privacy policy.").check();
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
    await login.getByLabel("By continuing, I agree to the terms of use & privacy policy.").check();
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
    await login.getByLabel("By continuing, I agree to the terms of use & privacy policy.").check();
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
