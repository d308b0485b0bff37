import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { adminToken } from "./support/admin";
import { customerWithCart } from "./support/checkout";

/**
 * Issue 30's leftovers on a 390 × 844 phone: a wrong code typed in the cart's promo box leaves the applied one kept,
 * and "Only necessary" in the cookie banner holds back the admin's Google tag snippets.
 */
test.use({ viewport: { width: 390, height: 844 } });

const TAGGED_SLUG = "kaju-pista-roll";

test("a wrong code typed in the cart's promo box leaves the applied code kept, across a reload", async ({ page, request }) => {
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  const code = `KEPT${Date.now().toString(36).toUpperCase()}`;
  expect((await request.post("/api/admin/promos", { headers: admin, data: { code, kind: "flat", value: 100, minSubtotal: 0, validFrom: null, validTo: null, maxUses: null, maxUsesPerCustomer: null, active: true } })).ok()).toBe(true);
  const { token } = await customerWithCart(page, 1);

  await page.goto("/cart");
  const box = page.getByLabel("If you have a promo code, enter it here");
  await box.fill(code);
  await page.getByRole("button", { name: "Submit" }).click();
  const applied = page.getByRole("status").filter({ hasText: `${code} applied` });
  await expect(applied).toBeVisible();

  await box.fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toContainText(`${code} is still applied.`);
  await expect(applied).toBeVisible();
  await page.getByRole("alert").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/cart-wrong-promo-kept.png" });
  const kept = async () => ((await (await request.post("/api/cart/get", { headers: { authorization: `Bearer ${token}` } })).json()) as { promoCode: string | null }).promoCode;
  expect(await kept()).toBe(code);
  await page.reload();
  await expect(applied).toBeVisible();
  expect(await kept()).toBe(code);
});

/** Gives the test item a head snippet that marks the page when it runs (the admin's edit form, over REST). */
async function tagTheItem(page: Page, request: APIRequestContext): Promise<void> {
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  const { data: item } = (await (await request.get(`/api/food/slug/${TAGGED_SLUG}`)).json()) as { data: Record<string, string | number | null> & { _id: string; faq: unknown } };
  const fields = ["name", "description", "price", "category", "ingredients", "benefits", "slug", "metaTitle", "metaDescription", "metaKeywords", "hsn", "gstRate"];
  const multipart: Record<string, string> = Object.fromEntries(fields.map((field) => [field, String(item[field] ?? "")]));
  multipart.faq = JSON.stringify(item.faq);
  multipart.googleTagHead = "<script>window.__shopTag = 'ran';</script>";
  multipart.googleTagBody = '<noscript><img src="/images/tag-pixel.gif" alt=""></noscript>';
  const edited = await request.put(`/api/food/edit/${item._id}`, { headers: admin, multipart });
  expect(edited.ok(), await edited.text()).toBe(true);
}

test("\"Only necessary\" holds back the admin's tag snippets; \"Accept\" lets them run", async ({ browser, page, request }) => {
  // Two fresh visitors, each loading the product page twice.
  test.slow();
  await tagTheItem(page, request);

  const necessary = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await necessary.goto(`/product/${TAGGED_SLUG}`);
  await necessary.getByRole("button", { name: "Only necessary" }).click();
  await expect(necessary.getByRole("heading", { name: "Cookies and Tracking" })).toHaveCount(0);
  await necessary.reload();
  await expect(necessary.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await necessary.evaluate(() => (window as { __shopTag?: string }).__shopTag)).toBeUndefined();
  expect(await necessary.content()).not.toContain("tag-pixel.gif");
  // Remembered: another page of the shop, and the banner stays closed.
  await necessary.goto("/");
  await expect(necessary.getByRole("heading", { name: "Cookies and Tracking" })).toHaveCount(0);
  await necessary.close();

  const accepting = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await accepting.goto(`/product/${TAGGED_SLUG}`);
  await accepting.getByRole("button", { name: "Accept" }).click();
  await accepting.reload();
  await expect(accepting.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await accepting.evaluate(() => (window as { __shopTag?: string }).__shopTag)).toBe("ran");
  await accepting.close();
});
