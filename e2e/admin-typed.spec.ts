import { expect, test, type Request } from "./support/test";
import sharp from "sharp";
import { openAsAdmin } from "./support/admin";

/**
 * The admin panel speaks only typed tRPC procedures (issue 15): an item with its picture goes to admin.addFood as a
 * form, its edit to admin.editFood, and the list, orders, today's sales and the CSV export are admin.* or catalog.*
 * calls; the panel sends nothing to the REST adapters.
 */
test("the admin panel's calls are typed procedures, the picture travelling as a form", async ({ page }) => {
  const calls: Request[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/") || path.startsWith("/trpc/")) calls.push(request);
  });
  const name = `Typed Peda ${Date.now()}`;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 230, g: 180, b: 90 } } }).png().toBuffer();

  await openAsAdmin(page, "/admin/add");
  await page.getByLabel("Item picture").setInputFiles({ name: "peda.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("Milk fudge from Mathura.");
  await page.getByLabel("Category").selectOption("Festive Sweets");
  await page.getByLabel("Price (₹ per kg)").fill("640");
  await page.getByLabel("Ingredients", { exact: true }).fill("Milk, sugar");
  await page.getByLabel("Health benefits", { exact: true }).fill("Calcium");
  await page.getByLabel("Question 1", { exact: true }).fill("Keeps?");
  await page.getByLabel("Answer 1", { exact: true }).fill("Five days.");
  await page.getByLabel("Question 2", { exact: true }).fill("Nuts?");
  await page.getByLabel("Answer 2", { exact: true }).fill("None.");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText("Food item added successfully!")).toBeVisible();
  const add = calls.find((request) => request.url().includes("/trpc/admin.addFood"));
  expect(add?.method()).toBe("POST");
  expect(add?.headers()["content-type"]).toMatch(/^multipart\/form-data/);
  // One Idempotency-Key per filled-in form (issue 26): sending the same form again adds the item once.
  expect(add?.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);

  await page.goto("/admin/list");
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Price (₹ per kg)").fill("700");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Item updated successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("₹700");
  await page.screenshot({ path: "test-results/admin-typed-list.png", fullPage: false });

  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/list");
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByText("Food item removed successfully!")).toBeVisible();

  const paths = calls.map((request) => new URL(request.url()).pathname);
  expect(paths.filter((path) => path.startsWith("/api/"))).toEqual([]);
  for (const procedure of ["admin.addFood", "admin.editFood", "admin.removeFood", "admin.orders", "admin.ordersCsv", "admin.foodItem"]) {
    expect(paths.some((path) => path.split("/trpc/")[1]?.split(",").includes(procedure)), procedure).toBe(true);
  }
});
