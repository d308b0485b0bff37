import { expect, test, type Page } from "./support/test";
import { customerWithCart, fillDelivery, payInSandboxWindow } from "./support/checkout";
import { openAsAdmin } from "./support/admin";

/**
 * After the sale (issue 17), in a phone-sized browser against the sandbox gateway with its webhooks: the customer
 * cancels within the window and sees the refund; the admin refunds part of an order from its card.
 */
async function buy(page: Page, kilos: number): Promise<{ orderNumber: string; token: string }> {
  const { token } = await customerWithCart(page, kilos);
  await page.goto("/order");
  await fillDelivery(page, { street: "9 Lake Road", city: "Kolkata", state: "West Bengal", pincode: "700029", mobile: "9830012345" });
  const orderId = await payInSandboxWindow(page);
  return { orderNumber: `#${orderId.slice(0, 8).toUpperCase()}`, token };
}

test("the customer cancels within the hour and sees the refund", async ({ page }) => {
  const { orderNumber } = await buy(page, 1);
  await page.goto("/cancellation-refund");
  await expect(page.getByText("You can cancel an order yourself within 1 hour of payment")).toBeVisible();

  await page.goto("/user-dashboard/my-orders");
  const order = page.getByRole("listitem", { name: `Order ${orderNumber}` });
  await expect(order.getByText(/You can cancel this order until/)).toBeVisible();
  // The invoice downloads as a PDF.
  const [download] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: /^Invoice MTH\/\d\d-\d\d\/\d+$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoice-MTH-\d\d-\d\d-\d+\.pdf$/);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  page.once("dialog", (dialog) => void dialog.accept());
  await order.getByRole("button", { name: "Cancel order" }).click();
  await expect(order.getByRole("status")).toHaveText(/Your order is cancelled\. The full amount is on its way back/);
  await expect(order).toContainText("Cancelled");
  await expect(order.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  // The sandbox bank processes the refund and its webhook settles it.
  await expect(async () => {
    await order.getByRole("button", { name: "Track Order" }).click();
    await expect(order.getByRole("list", { name: "Refunds" })).toContainText(/Refund ₹[\d,.]+: refunded/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test("the admin refunds part of an order from its card", async ({ page }) => {
  const { orderNumber } = await buy(page, 2);
  await openAsAdmin(page, "/admin/orders");
  await page.getByRole("searchbox").fill(orderNumber);
  await page.getByRole("button", { name: "Apply" }).click();
  const card = page.getByRole("article", { name: `Order ${orderNumber}` });
  await card.getByRole("button", { name: "Refund…" }).click();
  const form = card.getByRole("form", { name: `Refund order ${orderNumber}` });
  await form.getByLabel(/^Amount/).fill("100");
  await form.getByLabel(/^Reason/).fill("One box arrived crushed");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText(/A refund of ₹100(\.00)? is on its way back/)).toBeVisible();
  // The sandbox bank processes it (its webhook settles it); the admin reloads the list.
  await expect(async () => {
    await page.reload();
    await page.getByRole("searchbox").fill(orderNumber);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(card.getByRole("list", { name: "Refunds" })).toContainText(/₹100(\.00)? · processed · .* IST · One box arrived crushed/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // More than is left is refused with the reason, in words, before it is sent (the server would refuse it too).
  await card.getByRole("button", { name: "Refund…" }).click();
  await form.getByLabel(/^Amount/).fill("1,00,000");
  await form.getByLabel(/^Reason/).fill("Too much");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(form.getByRole("alert")).toHaveText(/^The amount must be at most ₹[\d,.]+$/);
});
