import { expect, test } from "./support/test";
import { openAsAdmin } from "./support/admin";

/** The admin gives an item a Hindi name; the Hindi product page carries it (issue 28). Phone-sized viewport. */
test.describe("an item's Hindi and Telugu fields", () => {
  test("the admin enters a Hindi name and the /hi/ product page shows it", async ({ page, browser }) => {
    // A sweet no other spec edits.
    const item = ((await (await page.request.get("/api/food/slug/stuffed-khajur")).json()) as { data: { _id: string; name: string } }).data;
    const hindiName = `भरवाँ खजूर ${Date.now().toString(36)}`;

    await openAsAdmin(page, `/admin/edit/${item._id}`);
    await expect(page.getByRole("heading", { name: "Edit item" })).toBeVisible();
    const hindi = page.locator("details.translation").filter({ hasText: "Hindi" });
    // The demo ships a Hindi name: the section opens by itself and shows it.
    await expect(hindi).toHaveAttribute("open", "");
    await expect(page.getByLabel("Name in Hindi (हिन्दी)")).toHaveValue("भरवाँ खजूर");
    await page.getByLabel("Name in Hindi (हिन्दी)").fill(hindiName);
    await hindi.locator("summary").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("admin-hindi-fields.png") });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/list/);

    // The catalogue answers in Hindi; English stays English.
    const inHindi = (await (await page.request.get("/api/food/slug/stuffed-khajur?lang=hi")).json()) as { data: { name: string } };
    expect(inHindi.data.name).toBe(hindiName);
    expect(((await (await page.request.get("/api/food/slug/stuffed-khajur")).json()) as { data: { name: string } }).data.name).toBe(item.name);

    // The Hindi product page as the server writes it: in Hindi, before any script runs.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const hindiPage = await noScript.newPage();
    const res = await hindiPage.goto("/hi/product/stuffed-khajur");
    expect(res?.status()).toBe(200);
    await expect(hindiPage).toHaveTitle(`${hindiName} | ${await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content ?? "")}`);
    await expect(hindiPage.locator("html")).toHaveAttribute("lang", "hi-IN");
    const structured = JSON.parse((await hindiPage.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { name: string };
    expect(structured.name).toBe(hindiName);
    await noScript.close();
  });
});
