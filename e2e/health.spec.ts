import { expect, test } from "./support/test";
import { openAsAdmin } from "./support/admin";

/** The owner's Health panel (issue 31): each part of the shop green, amber or red, with what to do. Phone-sized viewport. */
test.describe("the admin's Health panel", () => {
  test("shows every part with its colour and, where something is needed, what to do", async ({ page }) => {
    await openAsAdmin(page, "/admin/health");
    await expect(page.getByRole("heading", { name: "Health", level: 1 })).toBeVisible();
    const checks = page.locator(".health-check");
    await expect(checks).toHaveCount(7);
    for (const title of ["Mail", "Payment reconciler", "Payment service", "Backups", "Disk space", "Redis", "Picture storage"]) {
      await expect(page.getByRole("heading", { name: new RegExp(`^${title}`), level: 2 })).toBeVisible();
    }
    // A fresh shop has made no backup and has no BACKUP_DIR: amber, saying what to run.
    const backups = checks.filter({ has: page.getByRole("heading", { name: /^Backups/ }) });
    await expect(backups).toHaveClass(/health-amber/);
    await expect(backups).toContainText("no backup yet");
    await expect(backups).toContainText("npm run backup");
    await expect(checks.filter({ has: page.getByRole("heading", { name: /^Picture storage/ }) })).toHaveClass(/health-green/);
    await expect(page.locator(".health-overall")).toHaveText(/(All well|Look soon|Act now) · checked/);
    await page.screenshot({ path: "test-results/health-panel.png", fullPage: true });

    await page.getByRole("button", { name: "Look again" }).click();
    await expect(checks).toHaveCount(7);
  });
});
