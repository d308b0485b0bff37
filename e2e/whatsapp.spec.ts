import { expect, test } from "./support/test";
import { BENGALURU, customerWithCart, fillDelivery, payInSandboxWindow } from "./support/checkout";
import { openAsAdmin } from "./support/admin";

/**
 * Issue 30, order updates on WhatsApp, on a 390 × 844 phone: the customer opts in at checkout (the number prefilled,
 * changeable), pays with the sandbox, and the WhatsApp sandbox page shows the receipt; the admin moves the order on
 * and a second message appears.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("opt in at checkout, pay with the sandbox: the receipt and the admin's status change reach the WhatsApp sandbox", async ({ page }) => {
  await customerWithCart(page, 1);
  await page.goto("/order");
  await fillDelivery(page, { ...BENGALURU, mobile: "98450 12345" });

  const optIn = page.getByRole("checkbox", { name: /Send me order updates on WhatsApp/ });
  await expect(optIn).not.toBeChecked();
  await expect(page.getByLabel("WhatsApp number")).toHaveCount(0);
  await optIn.check();
  // Prefilled with the mobile typed above (the account has none of its own); the customer may change it.
  const number = page.getByLabel("WhatsApp number");
  await expect(number).toHaveValue("98450 12345");
  await expect(page.getByText("Sandbox: nothing is sent to WhatsApp")).toBeVisible();
  await number.fill("12345");
  await number.blur();
  await expect(page.getByText(/Mobile number must be 10 digits/).first()).toBeVisible();
  await number.fill("090000 12345");
  await optIn.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/whatsapp-opt-in.png" });

  const orderId = await payInSandboxWindow(page);
  const orderNumber = `#${orderId.slice(0, 8).toUpperCase()}`;

  await page.goto("/sandbox/whatsapp");
  await expect(page.getByText("Sandbox", { exact: true })).toBeVisible();
  await expect(page.getByText("Test messages only: this shop has no WhatsApp token")).toBeVisible();
  const ours = page.locator(".wa-message").filter({ hasText: orderNumber });
  await expect(ours).toHaveCount(1);
  await expect(ours.first()).toContainText("To +91 90000 12345 · order_receipt");
  await expect(ours.first()).toContainText(`thank you for your order ${orderNumber} of ₹`);
  await page.screenshot({ path: "test-results/whatsapp-sandbox-receipt.png" });

  await openAsAdmin(page, "/admin/orders");
  await page.getByRole("searchbox").fill(orderNumber);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("article", { name: `Order ${orderNumber}` }).getByLabel("Status").selectOption("Out for delivery");
  await expect(page.getByText("Status updated")).toBeVisible();

  await page.goto("/sandbox/whatsapp");
  // The page refreshes itself: the status message appears on top, above the receipt.
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText("order_status");
  await expect(ours.first()).toContainText(`your order ${orderNumber} is out for delivery.`);
  await expect(ours.nth(1)).toContainText("order_receipt");
  await page.screenshot({ path: "test-results/whatsapp-sandbox-status.png" });
});
