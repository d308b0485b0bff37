import { expect, test } from "./support/test";

test.describe("storefront browsing", () => {
  test("home shows the catalogue, and a category filters it and resets on a second click", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Top Sweets near you" })).toBeVisible();
    const cards = page.locator(".food-card:not(.skeleton)");
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(12);

    const jaggery = page.getByRole("button", { name: /Jaggery Sweets/ });
    await jaggery.click();
    await expect(jaggery).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(4);
    await expect(cards.filter({ hasText: "Peanut Chikki" })).toHaveCount(1);
    await expect(cards.filter({ hasText: "Kaju Katli" })).toHaveCount(0);

    await jaggery.click();
    await expect(jaggery).toHaveAttribute("aria-pressed", "false");
    await expect(cards).toHaveCount(all);
  });

  test("the catalogue arrives as its own compressed GET, and a reload revalidates it (304)", async ({ page }) => {
    const first = page.waitForResponse((res) => new URL(res.url()).pathname === "/trpc/catalog.list");
    await page.goto("/");
    const answer = await first;
    expect(new URL(answer.url()).search).toBe("");
    expect(answer.status()).toBe(200);
    expect(await answer.headerValue("content-encoding")).toBe("br");
    await expect(page.locator(".food-card:not(.skeleton)").first()).toBeVisible();

    const revalidated = page.waitForResponse((res) => new URL(res.url()).pathname === "/trpc/catalog.list");
    await page.reload();
    // Chromium turns the server's 304 into its cached 200 for the page, but sends If-None-Match with the ETag.
    const request = (await revalidated).request();
    expect(await request.headerValue("if-none-match")).toBe(await answer.headerValue("etag"));
    await expect(page.locator(".food-card:not(.skeleton)").first()).toBeVisible();
  });

  test("View Menu scrolls to the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "View Menu" }).click();
    await expect(page.getByRole("heading", { name: "Explore our menu" })).toBeInViewport();
  });

  test("a product page opens with details, tabs and three suggestions", async ({ page }) => {
    await page.goto("/");
    await page.locator(".food-card", { hasText: "Kaju Katli" }).click();
    await expect(page).toHaveURL(/\/product\/kaju-katli$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kaju Katli" })).toBeVisible();
    await expect(page.getByText("Minimum order starts from 1 kg.")).toBeVisible();
    await expect(page).toHaveTitle(/Kaju Katli/);

    await page.getByRole("tab", { name: "Health Benefits" }).click();
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await page.getByRole("tab", { name: "FAQ" }).click();
    await expect(page.locator(".faq-list dt")).toHaveCount(2);

    const suggested = page.locator(".suggested .food-card");
    await expect(suggested).toHaveCount(3);
    await expect(suggested.filter({ hasText: "Kaju Katli" })).toHaveCount(0);
  });

  test("an unknown product slug ends at /not-found", async ({ page }) => {
    await page.goto("/product/no-such-sweet");
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { name: /couldn't find/ })).toBeVisible();
  });

  test("an unknown path renders Home", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page.getByRole("heading", { name: "Top Sweets near you" })).toBeVisible();
  });

  test("a route change scrolls to the top", async ({ page }) => {
    await page.goto("/");
    const lastCard = page.locator(".food-card:not(.skeleton)").last();
    await expect(lastCard).toBeVisible();
    await lastCard.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await lastCard.click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("admin paths load the admin chunk lazily and show the admin login", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(req.url());
    });
    await page.goto("/");
    await expect(page.locator(".food-card").first()).toBeVisible();
    expect(scripts.some((url) => url.includes("AdminRoutes"))).toBe(false);
    await page.goto("/admin/list");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  });
});
