import { expect, test, type Page } from "./support/test";
import AxeBuilder from "@axe-core/playwright";
import { createCustomer, logInInOpenPopup, signUpInOpenPopup } from "./support/accounts";

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

test.describe("signed-in cart and reviews", () => {
  const signIn = async (page: Page, token: string) => {
    await page.goto("/");
    await page.evaluate((value) => localStorage.setItem("token", value), token);
  };
  const serverCart = async (page: Page) => {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const res = await page.request.post("/api/cart/get", { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { cartItems: { _id: string; quantity: number }[] }).cartItems;
  };
  const addAsGuest = async (page: Page, slug: string, kg: number) => {
    await page.goto(`/product/${slug}`);
    for (let i = 1; i < kg; i++) await page.getByRole("button", { name: "One kg more" }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("button", { name: "Added" })).toBeDisabled();
  };

  test("guest checkout opens the popup; sign-up moves the guest cart to the server and continues to the order page with a welcome", async ({ page }) => {
    await addAsGuest(page, "gujiya", 1);
    await addAsGuest(page, "jalebi", 3);
    await page.getByRole("button", { name: "Proceed to Cart" }).click();
    await page.getByRole("button", { name: "PROCEED TO CHECKOUT" }).click();

    const popup = page.getByRole("dialog", { name: "Login" });
    await expect(popup).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBe("/order");
    expect(await page.evaluate(() => localStorage.getItem("preLoginCart"))).toBe(await page.evaluate(() => localStorage.getItem("guestCart")));

    await signUpInOpenPopup(page, "Nisha Iyer");

    // Signing up from checkout continues to the order page, with both lines, and says so (issue 16).
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole("alert").filter({ hasText: "Welcome, Nisha Iyer!" })).toBeVisible();
    await expect(page.getByText("Jalebi × 3 kg")).toBeVisible();
    await expect(page.getByText("Gujiya × 1 kg")).toBeVisible();
    await page.goto("/cart");
    await expect(page.locator(".cart-row")).toHaveCount(2);
    await expect(page.getByLabel("Jalebi quantity")).toHaveText("3 kg");
    await expect(page.getByLabel("Gujiya quantity")).toHaveText("1 kg");
    await expect.poll(() => page.evaluate(() => [localStorage.getItem("guestCart"), localStorage.getItem("preLoginCart")])).toEqual([null, null]);
    expect((await serverCart(page)).map((line) => line.quantity).sort()).toEqual([1, 3]);
    await expect(cartDot(page)).toBeVisible();

    // Changes now go to the server.
    await page.getByRole("button", { name: "Remove Gujiya" }).click();
    await expect(page.locator(".cart-row")).toHaveCount(1);
    await expect.poll(async () => (await serverCart(page)).length).toBe(1);

    await page.getByRole("button", { name: "PROCEED TO CHECKOUT" }).click();
    await expect(page).toHaveURL(/\/order$/);
  });

  test("logging in merges: the guest quantity wins, other server lines stay", async ({ page }) => {
    const { email, token } = await createCustomer(page);
    const items = ((await (await page.request.get("/api/food/list")).json()) as { data: { _id: string; slug: string; name: string }[] }).data;
    const bySlug = (slug: string) => items.find((item) => item.slug === slug)!;
    for (const [slug, quantity] of [["mysore-pak", 5], ["peanut-chikki", 2]] as const) {
      await page.request.post("/api/cart/add", { headers: { authorization: `Bearer ${token}` }, data: { itemId: bySlug(slug)._id, quantity } });
    }

    await addAsGuest(page, "mysore-pak", 2);
    await page.getByRole("button", { name: "Sign In" }).click();
    await logInInOpenPopup(page, email);

    await expect(page).toHaveURL(/\/cart$/);
    // The saved 5 kg gave way to the guest's 2 kg: one toast says so (issue 16).
    await expect(page.getByRole("alert")).toContainText(`${bySlug("mysore-pak").name} set to 2 kg (was 5 kg) from your recent visit.`);
    await expect(page.getByLabel(`${bySlug("mysore-pak").name} quantity`)).toHaveText("2 kg");
    await expect(page.getByLabel(`${bySlug("peanut-chikki").name} quantity`)).toHaveText("2 kg");
    await expect(page.locator(".cart-row")).toHaveCount(2);
  });

  test("a refused server change rolls back and tells the customer", async ({ page }) => {
    await signIn(page, (await createCustomer(page)).token);
    await page.route("**/trpc/cart.add**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto("/product/soan-papdi");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "We could not update your cart. Please try again." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add", exact: true })).toBeEnabled();
    await expect(cartDot(page)).toHaveCount(0);
    expect(await serverCart(page)).toEqual([]);
  });

  test("a signed-in cart shows 'Loading cart...' while it loads, then the empty state", async ({ page }) => {
    await signIn(page, (await createCustomer(page)).token);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/trpc/cart.get**", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/cart");
    await expect(page.getByText("Loading cart...")).toBeVisible();
    release();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("a signed-in customer posts a review; markup in it is shown as text", async ({ page }) => {
    await signIn(page, (await createCustomer(page)).token);
    await page.goto("/product/malai-sandwich");
    await page.getByRole("tab", { name: "Reviews (0)" }).click();
    const text = `<script>window.pwned = true</script><b>Soft</b> and fresh`;
    await page.getByLabel("Write a review").fill(text);
    await page.locator(".star-picker label", { hasText: "5 stars" }).click();
    await page.getByRole("button", { name: "Submit Review" }).click();

    await expect(page.getByRole("tab", { name: "Reviews (1)" })).toBeVisible();
    const review = page.locator(".review").first();
    await expect(review.locator(".review-text")).toHaveText(text);
    await expect(review).toContainText("Test Customer");
    await expect(review.locator("b, script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    await expect(page.getByLabel("Write a review")).toHaveValue("");
  });

  test("a guest's review opens the login popup, and after logging in it can be posted from the same page", async ({ page }) => {
    const { email } = await createCustomer(page);
    await page.goto("/product/ukadiche-modak");
    await page.getByRole("tab", { name: "Reviews (0)" }).click();
    await page.getByLabel("Write a review").fill("Just like home");
    await page.locator(".star-picker label", { hasText: "4 stars" }).click();
    await page.getByRole("button", { name: "Submit Review" }).click();

    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    await logInInOpenPopup(page, email);

    await expect(page).toHaveURL(/\/product\/ukadiche-modak$/);
    await expect(page.getByLabel("Write a review")).toHaveValue("Just like home");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.locator(".review-text").first()).toHaveText("Just like home");
  });
});

test("the cart and the product page's actions and reviews pass an accessibility check", async ({ page }) => {
  await page.goto("/product/atta-pinni");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  await page.locator(".suggested-item").first().getByText("Include").click();
  const product = await new AxeBuilder({ page }).include(".product-actions").include(".tabs").include(".suggested").analyze();
  expect(product.violations).toEqual([]);

  await page.goto("/cart");
  await expect(page.locator(".cart-row")).toHaveCount(1);
  const cart = await new AxeBuilder({ page }).include(".cart").include(".navbar").analyze();
  expect(cart.violations).toEqual([]);
});
