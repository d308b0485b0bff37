import { expect, test } from "./support/test";
import { adminToken, openAsAdmin } from "./support/admin";
import { HYDERABAD, customerWithCart, fillDelivery, itemBySlug, payInSandboxWindow } from "./support/checkout";

/** The kitchen's rules in the browser (issue 18): stock, delivery zones and the PIN code check, promo codes. */

const SOLD_OUT_SLUG = "malai-sandwich";
const PROMO_SLUG = "stuffed-khajur";

test.describe("the kitchen's rules", () => {
  test("sold out: the admin sets the stock in the list, the storefront shows it and refuses to add", async ({ page, request, browser }) => {
    const token = await adminToken(page);
    const item = await itemBySlug(request, SOLD_OUT_SLUG);
    await openAsAdmin(page, "/admin/list");
    const stock = page.getByLabel(`Stock of ${item.name} in kg (empty: not tracked)`);
    await stock.fill("0");
    await page.getByRole("button", { name: `Save stock of ${item.name}` }).click();
    await expect(page.getByText(`${item.name}: 0 kg in stock`)).toBeVisible();

    const shopper = await browser.newPage({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    await shopper.addInitScript(() => localStorage.setItem("cookieConsent", "accepted"));
    await shopper.goto("/");
    const card = shopper.locator(".food-card", { hasText: item.name });
    await expect(card.getByText("Sold out")).toBeVisible();
    await shopper.goto(`/product/${SOLD_OUT_SLUG}`);
    await expect(shopper.locator(".product-info").getByText("Sold out", { exact: true }).first()).toBeVisible();
    await expect(shopper.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await shopper.screenshot({ path: "test-results/kitchen-sold-out.png" });

    // A little comes back: "Only 2 kg left", and the stepper stops at 2.
    await stock.fill("2");
    await page.getByRole("button", { name: `Save stock of ${item.name}` }).click();
    await expect(page.getByText(`${item.name}: 2 kg in stock`)).toBeVisible();
    await shopper.reload();
    await expect(shopper.getByText("Only 2 kg left")).toBeVisible();
    await shopper.getByRole("button", { name: "One kg more" }).click();
    await expect(shopper.getByRole("button", { name: "One kg more" })).toBeDisabled();
    await shopper.getByRole("button", { name: "Add", exact: true }).click();
    await expect(shopper.getByRole("button", { name: "Added" })).toBeVisible();
    await shopper.close();

    const reset = await request.put(`/api/admin/food/${item._id}/stock`, { headers: { authorization: `Bearer ${token}` }, data: { stockKg: null } });
    expect(reset.ok()).toBe(true);
  });

  test("delivery: the admin adds a zone; the product page's check and the order page charge for it", async ({ page, request, browser }) => {
    await openAsAdmin(page, "/admin/delivery-zones");
    await expect(page.getByRole("heading", { name: "All India" })).toBeVisible();
    const form = page.getByRole("form", { name: "New zone" });
    await form.getByLabel("Name").fill("Hyderabad");
    await form.getByLabel("PIN codes (prefixes, ranges)").fill("500");
    await form.getByLabel("Charge (₹)").fill("49");
    await form.getByLabel("Free from subtotal (₹)").fill("99999");
    await form.getByLabel("Min days").fill("0");
    await form.getByLabel("Max days").fill("1");
    await form.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByRole("heading", { name: "Hyderabad" })).toBeVisible();

    const shopper = await browser.newPage({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    await customerWithCart(shopper, 1, PROMO_SLUG);
    await shopper.goto(`/product/${PROMO_SLUG}`);
    await shopper.getByLabel("Check delivery").fill("500081");
    await shopper.getByRole("button", { name: "Check", exact: true }).click();
    await expect(shopper.getByRole("status").filter({ hasText: /^Delivery ₹49, arrives / })).toBeVisible();
    await shopper.getByLabel("Check delivery").fill("110001");
    await shopper.getByRole("button", { name: "Check", exact: true }).click();
    await expect(shopper.getByRole("status").filter({ hasText: /^Free delivery, arrives / })).toBeVisible();
    await shopper.getByLabel("Check delivery").fill("012345");
    await expect(shopper.getByRole("button", { name: "Check", exact: true })).toBeEnabled();
    await shopper.getByRole("button", { name: "Check", exact: true }).click();
    await expect(shopper.getByText("PIN code must be 6 digits and cannot start with 0")).toBeVisible();

    const item = await itemBySlug(request, PROMO_SLUG);
    await shopper.goto("/order");
    await fillDelivery(shopper, { ...HYDERABAD, pincode: "500081" });
    const summary = shopper.locator(".order-summary");
    await expect(summary.locator(".order-totals")).toContainText("Delivery₹49");
    await expect(summary.locator(".order-total")).toContainText(`₹${(item.price + 49).toLocaleString("en-IN")}`);
    await shopper.screenshot({ path: "test-results/kitchen-order-delivery.png", fullPage: true });
    await shopper.close();

    page.on("dialog", (dialog) => void dialog.accept());
    await page.locator(".kitchen-card", { hasText: "Hyderabad" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("heading", { name: "Hyderabad" })).toHaveCount(0);
  });

  test("promo code: created by the admin, applied in the cart with clear reasons, charged at checkout, counted once paid", async ({ page, request, browser }) => {
    await openAsAdmin(page, "/admin/promos");
    const form = page.getByRole("form", { name: "New promo code" });
    await form.getByLabel("Code").fill("save20");
    await form.getByRole("textbox", { name: "Percent" }).fill("20");
    await form.getByLabel("Total uses").fill("5");
    await form.getByRole("button", { name: "Add code" }).click();
    await expect(page.getByRole("heading", { name: "SAVE20" })).toBeVisible();

    const shopper = await browser.newPage({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    await customerWithCart(shopper, 2, PROMO_SLUG);
    const item = await itemBySlug(request, PROMO_SLUG);
    const off = Math.round(item.price * 2 * 20) / 100;
    await shopper.goto("/cart");
    await shopper.getByLabel("If you have a promo code, enter it here").fill("NOSUCH");
    await shopper.getByRole("button", { name: "Submit" }).click();
    await expect(shopper.getByRole("alert").filter({ hasText: "This promo code does not exist" })).toBeVisible();
    await shopper.getByLabel("If you have a promo code, enter it here").fill("save20");
    await shopper.getByRole("button", { name: "Submit" }).click();
    await expect(shopper.getByRole("status").filter({ hasText: `SAVE20 applied: ₹${off.toLocaleString("en-IN")} off` })).toBeVisible();
    await expect(shopper.locator(".cart-totals")).toContainText("Discount (SAVE20)");
    await shopper.screenshot({ path: "test-results/kitchen-cart-promo.png", fullPage: true });

    await shopper.getByRole("button", { name: "PROCEED TO CHECKOUT" }).click();
    await expect(shopper).toHaveURL(/\/order$/);
    await fillDelivery(shopper, { ...HYDERABAD, pincode: "560025" });
    await expect(shopper.getByText(`SAVE20: ₹${off.toLocaleString("en-IN")} OFF Applied`)).toBeVisible();
    await expect(shopper.locator(".order-totals")).toContainText("Promo code SAVE20");
    await payInSandboxWindow(shopper);
    await shopper.goto("/user-dashboard/my-orders");
    await expect(shopper.locator(".my-order").first()).toContainText("Promo code SAVE20");
    await shopper.close();

    await page.reload();
    await expect(page.getByRole("listitem", { name: "Promo code SAVE20" })).toContainText("Used 1 of 5");
    await page.screenshot({ path: "test-results/kitchen-admin-promos.png", fullPage: true });
  });
});
