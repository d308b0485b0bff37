import { expect, test, type Page } from "@playwright/test";

const cartDot = (page: Page) => page.getByTestId("cart-dot");
const guestCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("guestCart") ?? "{}") as Record<string, number>);

test.describe("guest cart", () => {
  test("add from the product page, see the dot and the cart table, remove to the empty state", async ({ page }) => {
    await page.goto("/product/kaju-katli");
    await expect(page.getByRole("heading", { level: 1, name: "Kaju Katli" })).toBeVisible();
    await expect(cartDot(page)).toHaveCount(0);

    let alerted = "";
    page.once("dialog", (dialog) => {
      alerted = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("button", { name: "One kg less" }).click();
    await expect.poll(() => alerted).toBe("Minimum 1 kg required to add to cart.");
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveText("1 kg");

    await page.getByRole("button", { name: "One kg more" }).click();
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveText("2 kg");
    const proceed = page.getByRole("button", { name: "Proceed to Cart" });
    await expect(proceed).toBeDisabled();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("button", { name: "Added" })).toBeDisabled();
    await expect(cartDot(page)).toBeVisible();
    expect(Object.values(await guestCart(page))).toEqual([2]);

    await proceed.click();
    await expect(page).toHaveURL(/\/cart$/);
    const row = page.locator(".cart-row", { hasText: "Kaju Katli" });
    await expect(row).toBeVisible();
    await expect(row.getByLabel("Kaju Katli quantity")).toHaveText("2 kg");
    const price = await row.locator("td[data-label='Price per kg']").innerText();
    const perKg = Number(price.replace(/[^\d.]/g, ""));
    await expect(row.locator(".cart-cell-total")).toHaveText(`₹${(perKg * 2).toLocaleString("en-IN")}`);
    await expect(page.locator(".cart-totals")).toContainText("Free");
    await expect(page.getByRole("button", { name: "PROCEED TO CHECKOUT" })).toBeVisible();

    await row.getByRole("button", { name: "One kg less Kaju Katli" }).click();
    await expect(row.getByLabel("Kaju Katli quantity")).toHaveText("1 kg");
    await page.getByRole("button", { name: "Remove Kaju Katli" }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(cartDot(page)).toHaveCount(0);
    expect(await guestCart(page)).toEqual({});
  });

  test("prices come from the catalogue, never from storage, and junk in storage is ignored", async ({ page }) => {
    await page.goto("/");
    const items = await page.evaluate(async () => ((await (await fetch("/api/food/list")).json()) as { data: { _id: string; name: string; price: number }[] }).data);
    const sweet = items[0]!;
    await page.evaluate(
      ([id]) => localStorage.setItem("guestCart", JSON.stringify({ [id!]: 3, "not-an-item": 2, [`${id}x`]: 0, price: "1" })),
      [sweet._id],
    );
    await page.goto("/cart");
    await expect(page.locator(".cart-row")).toHaveCount(1);
    const row = page.locator(".cart-row", { hasText: sweet.name });
    await expect(row.locator("td[data-label='Price per kg']")).toHaveText(`₹${sweet.price.toLocaleString("en-IN")}`);
    await expect(page.locator(".cart-total dd")).toHaveText(`₹${(sweet.price * 3).toLocaleString("en-IN")}`);
  });

  test("ticked suggestions are added at 1 kg each and the cart opens", async ({ page }) => {
    await page.goto("/product/besan-laddoo");
    const suggested = page.locator(".suggested-item");
    await expect(suggested).toHaveCount(3);
    const names = await suggested.locator(".food-card-title").allInnerTexts();
    await suggested.nth(0).getByText("Include").click();
    await suggested.nth(2).getByText("Include").click();
    await expect(suggested.nth(0).getByText("Included")).toBeVisible();
    await page.getByRole("button", { name: "Add 2 to cart (1 kg each)" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator(".cart-row")).toHaveCount(2);
    for (const name of [names[0]!, names[2]!]) {
      await expect(page.locator(".cart-row", { hasText: name }).getByLabel(`${name} quantity`)).toHaveText("1 kg");
    }
  });

  test("reviews tab counts reviews and invites the first one", async ({ page }) => {
    await page.goto("/product/jalebi");
    await page.getByRole("tab", { name: "Reviews (0)" }).click();
    await expect(page.getByText("No reviews yet. Be the first to write one!")).toBeVisible();
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please enter your review" })).toBeVisible();
  });
});
