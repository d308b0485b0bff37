import { expect, test, type Browser, type Page } from "./support/test";
import { STORAGE_KEYS } from "@mithai/schema";
import { PASSWORD, fromOwnClient, logInInOpenPopup, signUpThroughPopup } from "./support/accounts";
import { adminToken } from "./support/admin";

/** A second browser (its own storage), signed in as the same customer through the login popup. */
async function secondDevice(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).click();
  await logInInOpenPopup(page, email);
  await page.goto("/user-dashboard/my-profile");
  await expect(page.getByText(email)).toBeVisible();
  return page;
}

/** What a device whose session has ended shows once it asks the server again. */
async function expectSignedOut(page: Page) {
  await page.reload();
  await expect(page.getByText("Please sign in to see your account.")).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
}

test.describe("sessions on every device", () => {
  test("sign out everywhere ends this session and the one in another browser", async ({ page, browser }) => {
    await page.goto("/");
    const email = await signUpThroughPopup(page, "Neha Kapoor");
    const other = await secondDevice(browser, email);

    await page.goto("/user-dashboard/my-profile");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("button", { name: "Yes, sign out everywhere" }).click();
    await expect(page.getByText("You are signed out on every device, this one included.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign In" })).toBeVisible();

    await expectSignedOut(other);
    await other.context().close();
  });

  test("a password change keeps this session, ends the other one, and the new password logs in", async ({ page, browser }) => {
    await page.goto("/");
    const email = await signUpThroughPopup(page, "Rohan Mehta");
    const other = await secondDevice(browser, email);

    await page.goto("/user-dashboard/my-profile");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("rasgulla-2025");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your current password is not correct.");

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password").fill("rasgulla-2025");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText(/Your password has been changed/);
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();

    await expectSignedOut(other);
    await other.getByRole("button", { name: "Sign In" }).first().click();
    const login = other.getByRole("dialog", { name: "Login" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password").fill("rasgulla-2025");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(other.getByRole("button", { name: "Account" })).toBeVisible();
    await other.context().close();
  });

  test("an admin's sign out everywhere ends the admin's session in another browser", async ({ page, browser }) => {
    // An admin of its own (created by the e2e admin), so the shared e2e admin's sessions go on.
    const email = `second-admin-${Date.now()}@mithai-e2e.in`;
    const created = await page.request.post("/api/user/register", {
      data: { name: "Second Admin", email, password: PASSWORD, role: "admin" },
      headers: { ...fromOwnClient(), authorization: `Bearer ${await adminToken(page)}` },
    });
    expect(created.ok()).toBe(true);

    const openPanel = async (panel: Page) => {
      await panel.goto("/admin-login");
      await panel.getByLabel("Email").fill(email);
      await panel.getByLabel("Password").fill(PASSWORD);
      await panel.getByRole("button", { name: "Login", exact: true }).click();
      await expect(panel.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    };
    await openPanel(page);
    const other = await (await browser.newContext()).newPage();
    await openPanel(other);

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await other.reload();
    // The panel's first call is refused (401), which ends its session there: back to the login form.
    await expect.poll(() => other.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
    await expect(other.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    await expect(other.getByRole("button", { name: "Sign out everywhere" })).toHaveCount(0);
    await other.context().close();
  });
});
