import { expect, test } from "./support/test";
import { createCustomer } from "./support/accounts";

/** The dashboard's profile and saved addresses can be changed, not only read (issue 16). Phone-sized viewport. */
test.describe("profile and saved addresses", () => {
  test.beforeEach(async ({ page }) => {
    const { token } = await createCustomer(page);
    await page.addInitScript((value) => {
      localStorage.setItem("token", value);
      localStorage.setItem("cookieConsent", "accepted");
    }, token);
  });

  test("the customer edits their name and phone number", async ({ page }) => {
    await page.goto("/user-dashboard/my-profile");
    await page.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByRole("form", { name: "Edit profile" });
    await form.getByLabel("Name").fill("Asha Rao-Iyer");
    await form.getByLabel("Phone number").fill("12345");
    await form.getByRole("button", { name: "Save profile" }).click();
    // The field checks with the server's own rule and says it in words before anything is sent (issue 16).
    expect(await form.getByLabel("Phone number").evaluate((input: HTMLInputElement) => input.validationMessage)).toMatch(/^Mobile number must be 10 digits/);
    await expect(page.getByRole("status")).toHaveCount(0);

    await form.getByLabel("Phone number").fill("+91 98450 12345");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile saved.");
    const facts = page.locator(".profile-facts");
    await expect(facts).toContainText("Asha Rao-Iyer");
    await expect(facts).toContainText("9845012345");

    await page.reload();
    await expect(page.locator(".profile-facts")).toContainText("Asha Rao-Iyer");
  });

  test("the customer edits and deletes a saved address", async ({ page }) => {
    await page.goto("/user-dashboard/manage-address");
    const add = page.getByRole("form", { name: "New address" });
    await add.getByLabel("Street").fill("12 MG Road");
    await add.getByLabel("City").fill("Pune");
    await add.getByLabel("State").fill("Maharashtra");
    await add.getByLabel("PIN code").fill("411001");
    await add.getByLabel("Mobile").fill("9876543210");
    await add.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address added successfully!");

    const card = page.getByRole("listitem", { name: "12 MG Road, Pune" });
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = card.getByRole("form", { name: "Edit address" });
    await expect(edit.getByLabel("City")).toHaveValue("Pune");
    await edit.getByLabel("Street").fill("4 Temple Street");
    await edit.getByLabel("PIN code").fill("411004");
    await edit.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address updated.");
    const edited = page.getByRole("listitem", { name: "4 Temple Street, Pune" });
    await expect(edited).toContainText("Pune, Maharashtra 411004");

    page.once("dialog", (dialog) => void dialog.accept());
    await edited.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Address deleted.");
    await expect(page.locator(".address-card")).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("No additional addresses saved yet.")).toBeVisible();
  });
});
