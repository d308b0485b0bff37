import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test";
import sharp from "sharp";
import { customerWithCart, fillDelivery, payInSandboxWindow } from "./support/checkout";
import { openAsAdmin } from "./support/admin";

test.describe("admin catalogue", () => {
  test("adds an item with a picture, edits its price and removes it; the storefront follows each step", async ({ page }) => {
    const name = `Test Barfi ${Date.now()}`;
    const slug = name.toLowerCase().replaceAll(" ", "-");
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 214, g: 140, b: 60 } } }).png().toBuffer();

    await openAsAdmin(page, "/admin/add");
    await page.getByLabel("Item picture").setInputFiles({ name: "barfi.png", mimeType: "image/png", buffer: png });
    await expect(page.getByAltText("Preview of the item's picture")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await expect(page.locator(".slug-preview")).toHaveText(`Page address: /product/${slug}`);
    await page.getByLabel("Description", { exact: true }).fill("Soft milk fudge with cardamom.");
    await page.getByLabel("Category").selectOption("Festive Sweets");
    const price = page.getByLabel("Price (₹ per kg)");
    await price.pressSequentially("1.2.3");
    await expect(price).toHaveValue("1.2.3");
    await page.getByLabel("Ingredients", { exact: true }).fill("Milk, sugar, cardamom");
    await page.getByLabel("Health benefits", { exact: true }).fill("Calcium from milk");
    await page.getByLabel("Question 1", { exact: true }).fill("How long does it keep?");
    await page.getByLabel("Answer 1", { exact: true }).fill("A week in the fridge.");
    await page.getByLabel("Question 2", { exact: true }).fill("Does it contain nuts?");
    await page.getByLabel("Answer 2", { exact: true }).fill("No.");
    await page.getByLabel("Meta title").fill(`${name} | Mithai`);

    // What is typed stays as typed, and a mistake is said in words (issue 29: one money box for the whole admin).
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Price must be an amount in rupees, like 1,280 or 1280.50" })).toBeVisible();

    await price.fill("");
    await price.pressSequentially("₹1,249.5");
    await expect(price).toHaveValue("₹1,249.5");
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByText("Food item added successfully!")).toBeVisible();
    // The admin is offered the new item's page and another item (issue 16).
    const pageLink = page.getByRole("link", { name: `See its page (/product/${slug})` });
    await expect(pageLink).toHaveAttribute("href", `/product/${slug}`);
    await page.getByRole("button", { name: "Add another item" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

    await page.goto(`/product/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator(".product-price")).toContainText("₹1,249.50");
    await expect(page).toHaveTitle(new RegExp(name));

    await page.goto("/admin/list");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Festive Sweets");
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/admin\/edit\//);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await page.getByLabel("Price (₹ per kg)").fill("999");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Item updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/list$/);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("₹999");

    await page.goto(`/product/${slug}`);
    await expect(page.locator(".product-price")).toContainText("₹999");
    // The picture was re-encoded and is served from /images in WebP.
    const picture = page.getByRole("img", { name });
    await expect(picture).toHaveJSProperty("complete", true);
    const image = await page.request.get(await picture.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(image.headers()["content-type"]).toBe("image/webp");

    await page.goto("/admin/list");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Remove ${name}` }).click();
    await expect(page.getByText("Food item removed successfully!")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    await page.goto(`/product/${slug}`);
    await expect(page).toHaveURL(/\/not-found$/);
  });
});

/** WCAG 2.1 AA problems axe finds on the page as it is now. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the catalogue and order pages pass an automated accessibility check", async ({ page }) => {
  for (const path of ["/admin/add", "/admin/list", "/admin/orders"]) {
    await openAsAdmin(page, path);
    await expect(page.locator(".admin-page h1")).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    expect(await accessibilityViolations(page), path).toEqual([]);
  }
});

test.describe("admin orders", () => {
  test("the dashboard shows today's paid orders and revenue next to the welcome", async ({ page }) => {
    await openAsAdmin(page, "/admin-dashboard");
    await expect(page.getByRole("heading", { name: /Welcome to the .* Admin Panel/ })).toBeVisible();
    await expect(page.locator(".today-sales")).toHaveText(/^Today: \d+ paid orders? · ₹[\d,.]+$/);
  });

  test("exports the filtered orders as CSV", async ({ page }) => {
    await openAsAdmin(page, "/admin/orders");
    await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
    await page.getByLabel("Payment").selectOption("all");
    await page.getByRole("button", { name: "Apply" }).click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFOrder number,Order id,Placed at (IST),Payment,Status,Customer,Account e-mail,Deliver to,Delivery e-mail,Mobile,Address,Items,Subtotal (INR),Discount (INR),Delivery (INR),Amount (INR),Refunded (INR),Net (INR),Discount applied,Promo code,Payment id,Invoice number,Credit note numbers",
    );
  });
  test("changes a paid order's status, and the customer sees it in their orders", async ({ page }) => {
    // A customer buys Kaju Katli through the sandbox payment window.
    const { email } = await customerWithCart(page, 3);
    await page.goto("/order");
    await fillDelivery(page, { street: "7 Lake View Road", city: "Mysuru", state: "Karnataka", pincode: "570001", mobile: "9845012345" });
    const orderId = await payInSandboxWindow(page);

    // The confirmation, the kitchen and the customer's list all show one order number.
    const orderNumber = `#${orderId.slice(0, 8).toUpperCase()}`;
    await expect(page.getByText(`Your order ${orderNumber} is confirmed`)).toBeVisible();

    // The kitchen finds it by the order number as a customer quotes it (any case, with #) …
    await openAsAdmin(page, "/admin/orders");
    await page.getByRole("searchbox").fill(orderNumber.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: `Order ${orderNumber}` })).toBeVisible();
    // … and by the customer's e-mail, and moves it along. Times are shop time, labelled.
    await page.getByRole("searchbox").fill(email);
    await page.getByRole("button", { name: "Apply" }).click();
    const card = page.getByRole("article", { name: `Order ${orderNumber}` });
    await expect(card.locator("time")).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d\d\s?(am|pm) IST$/i);
    await expect(card).toContainText("Kaju Katli x 3 kg");
    await expect(card).toContainText(email);
    await expect(card).toContainText("7 Lake View Road, Mysuru, Karnataka 570001, India");
    await expect(card).toContainText(/pay_/);
    const status = card.getByLabel("Status");
    await expect(status).toHaveValue("Order Recieved");
    await status.selectOption("Out for delivery");
    await expect(page.getByText("Status updated")).toBeVisible();
    await expect(card.getByLabel("Status")).toHaveValue("Out for delivery");

    await page.goto("/myorders");
    await expect(page.locator(".my-order")).toContainText("Out for delivery");
    await expect(page.locator(".my-order")).toContainText(`Order ${orderNumber}`);
  });
});
