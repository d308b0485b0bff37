import { expect, test, type Page } from "./support/test";
import { formatRupees, MOBILE_MESSAGE } from "@mithai/schema";
import { createCustomer, signUpInOpenPopup } from "./support/accounts";
import { adminToken } from "./support/admin";
import { HYDERABAD, customerWithCart, fillDelivery, itemBySlug, payInSandboxWindow, signIn } from "./support/checkout";

/**
 * Issue 30: the shopper's next step, walked through on a 390 × 844 phone: search, star ratings, delivery wording
 * from the zones, the promo kept to /order, mobile formats, WhatsApp order updates.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", "accepted"));
}

test.describe("search", () => {
  test("the navbar's search finds misspelt sweets and offers the categories when nothing matches", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search sweets" });
    await expect(box).toBeVisible();

    for (const [query, name] of [["kaju katle", "Kaju Katli"], ["jilebi", "Jalebi"], ["laddu", "Besan Laddoo"]] as const) {
      await box.fill(query);
      await box.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(query).replace(/%20/g, "\\+")}`));
      await expect(page.getByRole("heading", { name: `Sweets matching “${query}”` })).toBeVisible();
      await expect(page.locator(".food-card").filter({ hasText: name }).first()).toBeVisible();
      if (query === "laddu") await expect(page.locator(".food-card", { hasText: "Laddoo" })).toHaveCount(3);
    }
    await page.screenshot({ path: "test-results/shopper-search-phone.png" });

    await box.fill("pizza");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No sweet matches “pizza”.", { exact: false })).toBeVisible();
    await page.getByRole("link", { name: "Jaggery Sweets" }).click();
    await expect(page).toHaveURL(/\/\?category=Jaggery\+Sweets/);
    await expect(page.getByRole("heading", { name: "Top Sweets near you: Jaggery Sweets" })).toBeVisible();

    // A shared results link opens the same results, the box filled in.
    await page.goto("/search?q=kaju%20katle");
    await expect(page.getByRole("searchbox", { name: "Search sweets" })).toHaveValue("kaju katle");
    await expect(page.locator(".food-card").first()).toContainText("Kaju Katli");
  });
});

test.describe("star ratings", () => {
  test("a rated review changes the average on the card after a reload; the form asks for stars in words", async ({ page }) => {
    await acceptCookies(page);
    const { token } = await createCustomer(page);
    await signIn(page, token);
    const card = () => page.locator(".food-card", { hasText: "Gujiya" });

    await page.goto("/product/gujiya");
    await page.getByRole("tab", { name: /Reviews/ }).click();
    await page.getByLabel("Write a review").fill("Flaky and full of khoya");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please choose 1 to 5 stars");
    await page.locator(".star-picker label", { hasText: "4 stars" }).click();
    await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.locator(".review", { hasText: "Flaky and full of khoya" }).getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    // The product's own average (a suggested sweet further down may carry the same words from another journey's review).
    await expect(page.locator("span", { hasText: "4.0 · 1 rating" }).getByRole("img", { name: "Rated 4 out of 5 from 1 rating" })).toBeVisible();
    await page.screenshot({ path: "test-results/shopper-rating-product.png" });

    // A second customer gives 5 stars: the card shows 4.5 from 2 ratings once the page is loaded again.
    const second = await createCustomer(page);
    const id = ((await (await page.request.get("/api/food/slug/gujiya")).json()) as { data: { _id: string } }).data._id;
    const posted = await page.request.post("/api/reviews", { headers: { authorization: `Bearer ${second.token}` }, data: { productId: id, review: "Best in town", rating: 5 } });
    expect(posted.status()).toBe(201);
    await page.goto("/?category=Stuffed+Sweets");
    await expect(card().getByRole("img", { name: "Rated 4.5 out of 5 from 2 ratings" })).toBeVisible();
    await page.reload();
    await expect(card().getByRole("img", { name: "Rated 4.5 out of 5 from 2 ratings" })).toBeVisible();
    await expect(card()).toContainText("4.5 (2)");
    await card().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/shopper-rating-card.png" });
  });
});

interface Zone {
  _id: string;
  name: string;
  pincodes: string[];
  charge: number;
  freeAbove: number | null;
  minDays: number;
  maxDays: number;
}

test.describe("delivery wording from the zones", () => {
  test("two zones, one free above a threshold: hero, footer, FAQ, shipping page and cart say what the order page charges", async ({ page, request }) => {
    const admin = { authorization: `Bearer ${await adminToken(page)}` };
    const zones = ((await (await request.get("/api/admin/delivery-zones", { headers: admin })).json()) as { data: Zone[] }).data;
    const india = zones.find((z) => z.name === "All India")!;
    const { _id: indiaId, ...indiaAsItWas } = india;
    let hyderabadId: string | undefined;
    try {
      expect((await request.put(`/api/admin/delivery-zones/${indiaId}`, { headers: admin, data: { ...indiaAsItWas, charge: 49.5, freeAbove: null } })).ok()).toBe(true);
      const created = await request.post("/api/admin/delivery-zones", {
        headers: admin,
        data: { name: "Hyderabad", pincodes: ["500"], charge: 60, freeAbove: 1500, minDays: 0, maxDays: 1 },
      });
      expect(created.ok(), await created.text()).toBe(true);
      hyderabadId = ((await created.json()) as { data: Zone }).data._id;
      const sentence = "Free delivery in Hyderabad over ₹1,500; elsewhere ₹49.50.";
      const terms = (await (await request.get("/api/delivery/terms")).json()) as { summary: string };
      expect(`${terms.summary}.`).toBe(sentence);

      const { token } = await createCustomer(page);
      await signIn(page, token);
      const item = await itemBySlug(request, "kaju-katli");
      const kilos = Math.ceil(1500 / item.price);
      const subtotal = item.price * kilos;
      expect((await request.post("/api/cart/add", { headers: { authorization: `Bearer ${token}` }, data: { itemId: item._id, quantity: kilos } })).ok()).toBe(true);

      await page.goto("/");
      await expect(page.locator(".hero-text")).toContainText(sentence);
      await expect(page.locator(".footer")).toContainText(sentence);
      await expect(page.getByText(/delivery is free|delivered free/i)).toHaveCount(0);
      await page.screenshot({ path: "test-results/shopper-zones-hero.png" });
      await page.goto("/faq");
      await page.getByRole("button", { name: "How much does delivery cost?" }).click();
      await expect(page.locator(".static-page, main").getByText(sentence, { exact: false }).first()).toBeVisible();
      await page.goto("/shipping-and-delivery");
      await expect(page.locator(".policy-facts")).toContainText(`Delivery charge${sentence}`);
      await expect(page.getByRole("table", { name: "Delivery charges by area" })).toContainText("Hyderabad₹60₹1,500 or more");
      await expect(page.getByText(/free on every order|travels free/i)).toHaveCount(0);
      await page.screenshot({ path: "test-results/shopper-zones-shipping.png", fullPage: true });

      // The cart: nothing known yet, then each typed PIN code's charge, as the order page then charges it.
      await page.goto("/cart");
      const totals = page.locator(".cart-totals");
      await expect(totals).toContainText("DeliveryBy PIN code");
      await expect(totals).toContainText(sentence);
      const cartCharges: Record<string, string> = {};
      for (const [pincode, charge] of [["560025", formatRupees(49.5)], ["500081", "Free"]] as const) {
        await page.getByLabel("Check delivery").fill(pincode);
        await page.getByRole("button", { name: "Check", exact: true }).click();
        await expect(totals).toContainText(`Delivery to ${pincode}${charge}`);
        await expect(totals.locator(".cart-total")).toContainText(formatRupees(subtotal + (charge === "Free" ? 0 : 49.5)));
        cartCharges[pincode] = charge;
      }
      await page.screenshot({ path: "test-results/shopper-zones-cart.png", fullPage: true });

      await page.goto("/order");
      const summary = page.locator(".order-summary .order-totals");
      for (const [pincode, charge] of Object.entries(cartCharges)) {
        await fillDelivery(page, { ...HYDERABAD, pincode });
        await expect(summary).toContainText(`Delivery${charge}`);
      }
      // Once the order page used an address, the cart knows its PIN code without being told.
      await fillDelivery(page, { ...HYDERABAD, pincode: "560025" });
      await page.getByLabel(/Save this address/).check();
      await payInSandboxWindow(page);
      expect((await request.post("/api/cart/add", { headers: { authorization: `Bearer ${token}` }, data: { itemId: item._id, quantity: 1 } })).ok()).toBe(true);
      await page.goto("/cart");
      await expect(page.locator(".cart-totals")).toContainText(`Delivery to 560025${formatRupees(49.5)}`);
    } finally {
      await request.put(`/api/admin/delivery-zones/${indiaId}`, { headers: admin, data: indiaAsItWas });
      if (hyderabadId) await request.delete(`/api/admin/delivery-zones/${hyderabadId}`, { headers: admin });
    }
  });
});

test.describe("mobile numbers and phone fixes", () => {
  test("every way Indians write a mobile is taken and stored as +91…; a wrong one is refused in words on the page", async ({ page, request }) => {
    const { token } = await customerWithCart(page, 1, "jalebi");
    await page.goto("/order");
    const mobile = page.getByLabel("Mobile");
    await expect(page.getByText("10 digits, like 98450 12345; 0, 91 or +91 in front, spaces and dashes are fine.")).toBeVisible();
    await fillDelivery(page, { ...HYDERABAD, pincode: "560025", mobile: "98450 1234" });
    await page.getByLabel("Pincode").focus();
    await expect(page.getByRole("alert").filter({ hasText: MOBILE_MESSAGE })).toBeVisible();
    await page.getByRole("button", { name: "Proceed to payment" }).click();
    await expect(mobile).toBeFocused();
    await page.screenshot({ path: "test-results/shopper-mobile-refused.png" });
    for (const typed of ["098450 12345", "91 98450 12345", "+91-98450-12345"]) {
      await mobile.fill(typed);
      await expect(page.getByRole("alert").filter({ hasText: MOBILE_MESSAGE })).toHaveCount(0);
      expect(await mobile.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
    }
    await mobile.fill("91 98450 12345");
    await payInSandboxWindow(page);
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    const orders = (await (await request.post("/api/order/userorders", { headers: { token } })).json()) as { data: { address: { mobile: string } }[] };
    expect(orders.data[0]!.address.mobile).toBe("+919845012345");
  });

  test("the product page's tab row shows there is more to the right; Reviews is reachable", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/product/kaju-katli");
    const more = page.locator(".tab-more");
    await expect(more).toBeVisible();
    await page.getByRole("tab", { name: /Reviews/ }).click();
    await expect(page.getByRole("tab", { name: /Reviews/ })).toBeInViewport();
    await expect(more).toBeHidden();
  });

  test("the welcome notice on /order sits clear of the form, sign out everywhere asks first and says what happened", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/product/jalebi");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.goto("/cart");
    await page.getByRole("button", { name: "PROCEED TO CHECKOUT" }).click();
    await signUpInOpenPopup(page, "Neha Rao");
    await expect(page).toHaveURL(/\/order$/);
    const notice = page.locator(".notice");
    await expect(notice).toBeVisible();
    const box = (await notice.boundingBox())!;
    for (const label of ["Street address", "City", "State", "Pincode", "Mobile"]) {
      const field = await page.getByLabel(label).boundingBox();
      if (!field) continue;
      const overlaps = field.y < box.y + box.height && box.y < field.y + field.height;
      expect(overlaps, `${label} is under the notice`).toBe(false);
    }
    await page.screenshot({ path: "test-results/shopper-order-welcome.png" });
    await page.getByLabel("Street address").focus();
    await expect(notice).toBeHidden();

    await page.goto("/user-dashboard/my-profile");
    await expect(page.getByText("Role", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByText("Sign out on every device, this one included?")).toBeVisible();
    await page.getByRole("button", { name: "Keep me signed in" }).click();
    await expect(page.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    // The page being left must not flash its signed-out form ("Please sign in…") while home loads.
    await page.evaluate(() => {
      (window as unknown as { signInPromptSeen: boolean }).signInPromptSeen = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Please sign in to see your account.")) {
          (window as unknown as { signInPromptSeen: boolean }).signInPromptSeen = true;
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole("button", { name: "Yes, sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You are signed out on every device, this one included.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.locator("#main").getByRole("button", { name: "Sign In" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { signInPromptSeen: boolean }).signInPromptSeen)).toBe(false);
  });

  test("the cookie banner offers Only necessary, remembered like Accept", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookies and Tracking" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept" })).toBeVisible();
    await page.screenshot({ path: "test-results/shopper-cookie-banner.png" });
    const recorded = page.waitForResponse((res) => res.url().endsWith("/api/consent") && res.request().method() === "POST");
    await banner.getByRole("button", { name: "Only necessary" }).click();
    expect((await recorded).ok()).toBe(true);
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("necessary");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Cookies and Tracking" })).toHaveCount(0);
  });
});

test.describe("promo code kept with the server cart", () => {
  test("applied in the cart, kept across a reload onto /order, removed and applied again there, charged once paid", async ({ page, request }) => {
    const admin = { authorization: `Bearer ${await adminToken(page)}` };
    const code = `KEEP${Date.now().toString(36).toUpperCase()}`;
    expect((await request.post("/api/admin/promos", { headers: admin, data: { code, kind: "flat", value: 200, minSubtotal: 0, validFrom: null, validTo: null, maxUses: null, maxUsesPerCustomer: null, active: true } })).ok()).toBe(true);
    const { token } = await customerWithCart(page, 2);

    await page.goto("/cart");
    await page.getByLabel("If you have a promo code, enter it here").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${code} applied` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: `${code} applied` })).toBeVisible();
    expect(((await (await request.post("/api/cart/get", { headers: { authorization: `Bearer ${token}` } })).json()) as { promoCode: string }).promoCode).toBe(code);

    await page.goto("/order");
    await expect(page.getByText(`Promo code ${code}`, { exact: false }).first()).toBeVisible();
    await expect(page.locator(".order-summary")).toContainText("- ₹200");
    await page.reload();
    await expect(page.locator(".order-summary")).toContainText("- ₹200");
    await page.getByRole("button", { name: `Remove promo code ${code}` }).click();
    await expect(page.getByLabel("Have a promo code?")).toBeVisible();
    await expect(page.locator(".order-summary")).not.toContainText("- ₹200");
    await page.getByLabel("Have a promo code?").fill(code);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.locator(".order-summary")).toContainText("- ₹200");
    await page.screenshot({ path: "test-results/shopper-order-promo.png", fullPage: true });

    await fillDelivery(page, { ...HYDERABAD, pincode: "560025" });
    await payInSandboxWindow(page);
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    const orders = (await (await request.post("/api/order/userorders", { headers: { token } })).json()) as { data: { promoCode: string | null; discount: number }[] };
    expect(orders.data[0]).toMatchObject({ promoCode: code, discount: 200 });
    expect(((await (await request.post("/api/cart/get", { headers: { authorization: `Bearer ${token}` } })).json()) as { promoCode: string | null }).promoCode).toBeNull();
  });
});
