import { expect, test, type Page } from "./test";
import { PASSWORD, uniqueEmail } from "./accounts";
import { catalogueTexts, expectNoEnglish } from "./languages";

/** What a customer reads and presses on the way through the shop, in one language. */
export interface JourneyWords {
  language: "hi" | "te";
  htmlLang: string;
  heroHeading: string;
  accept: string;
  add: string;
  proceedToCart: string;
  cartHeading: string;
  checkout: string;
  loginDialog: string;
  toSignUp: string;
  signUpDialog: string;
  yourName: string;
  email: string;
  password: string;
  agree: string;
  createAccount: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  mobile: string;
  proceedToPayment: string;
  pay: RegExp;
  paid: string;
  viewMyOrders: string;
  myOrders: string;
  invoice: RegExp;
  /** The customer, as they type themselves and their address. */
  customer: { name: string; street: string; city: string; state: string };
}

const shots = (language: string, name: string) => `test-results/languages/${language}-${name}.png`;

async function look(page: Page, language: string, name: string): Promise<void> {
  await page.screenshot({ path: shots(language, name), fullPage: true });
}

/**
 * Browse, product page, cart, sign up, checkout with the sandbox, verify page, my orders and the invoice, all in one
 * language at a phone's size; on every page no English is left but brand names, codes and what the customer typed.
 */
export function languageJourney(words: JourneyWords): void {
  test.use({ viewport: { width: 390, height: 844 }, locale: words.htmlLang });

  test(`a whole purchase in ${words.language}, with no English left on the way`, async ({ page }) => {
    // Eight pages, each scanned and photographed, on a shared machine.
    test.setTimeout(240_000);
    const { language, customer } = words;
    const email = uniqueEmail(`lang-${language}`);
    // The catalogue speaks the page's language once the server translates it; until then its own words are the shop's.
    // Sweet names may stay as they are: in the language, and in English where an order keeps the name it was bought by.
    const catalogue = await catalogueTexts(page, language);
    const englishNames = (await catalogueTexts(page, "en")).names;
    const own = { typed: [email, customer.name, customer.street, customer.city, customer.state, "India", ...catalogue.names, ...englishNames], catalogue: catalogue.texts };

    await page.goto(`/${language}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", words.htmlLang);
    await expect(page.getByRole("heading", { level: 1, name: words.heroHeading })).toBeVisible();
    await expectNoEnglish(page, own);
    await look(page, language, "1-home");
    await page.getByRole("button", { name: words.accept, exact: true }).click();

    // Links keep the language.
    await page.locator(".food-card-link").first().click();
    await expect(page).toHaveURL(new RegExp(`/${language}/product/[a-z0-9-]+$`));
    await expect(page.getByRole("button", { name: words.add, exact: true })).toBeEnabled();
    const sweet = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    expect(catalogue.names).toContain(sweet);
    await expectNoEnglish(page, own);
    await look(page, language, "2-product");
    await page.getByRole("button", { name: words.add, exact: true }).click();
    await page.getByRole("button", { name: words.proceedToCart }).click();

    await expect(page).toHaveURL(new RegExp(`/${language}/cart$`));
    await expect(page.getByRole("heading", { name: words.cartHeading })).toBeVisible();
    await expectNoEnglish(page, own);
    await look(page, language, "3-cart");
    await page.getByRole("button", { name: words.checkout }).click();

    const login = page.getByRole("dialog", { name: words.loginDialog });
    await expect(login).toBeVisible();
    await expectNoEnglish(page, own);
    await login.getByRole("button", { name: words.toSignUp }).click();
    const signUp = page.getByRole("dialog", { name: words.signUpDialog });
    await signUp.getByLabel(words.yourName).fill(customer.name);
    await signUp.getByLabel(words.email).fill(email);
    await signUp.getByLabel(words.password).fill(PASSWORD);
    await signUp.getByLabel(words.agree).check();
    await expectNoEnglish(page, own);
    await look(page, language, "4-sign-up");
    await signUp.getByRole("button", { name: words.createAccount }).click();

    await expect(page).toHaveURL(new RegExp(`/${language}/order$`));
    await page.getByLabel(words.street).fill(customer.street);
    await page.getByLabel(words.city).fill(customer.city);
    await page.getByLabel(words.state).fill(customer.state);
    await page.getByLabel(words.pincode).fill("560025");
    await page.getByLabel(words.mobile).fill("9876543210");
    await expectNoEnglish(page, own);
    await look(page, language, "5-order");
    await page.getByRole("button", { name: words.proceedToPayment }).click();

    const window = page.getByRole("dialog", { name: "Mithai" });
    await expect(window).toBeVisible();
    await expectNoEnglish(page, own);
    await look(page, language, "6-sandbox");
    await window.getByRole("button", { name: words.pay }).click();

    await expect(page).toHaveURL(new RegExp(`/${language}/verify\\?success=true`));
    await expect(page.getByRole("heading", { name: words.paid })).toBeVisible();
    await expectNoEnglish(page, own);
    await look(page, language, "7-verify");
    await page.getByRole("link", { name: words.viewMyOrders }).click();

    await expect(page).toHaveURL(new RegExp(`/${language}/user-dashboard/my-orders$`));
    await expect(page.getByRole("heading", { name: words.myOrders, level: 2 })).toBeVisible();
    const order = page.locator(".my-order");
    await expect(order.getByRole("button", { name: words.invoice })).toBeVisible();
    // The order keeps the English name it was bought under; the page names the sweet in its language.
    await expect(order.locator(".my-order-items")).toContainText(sweet);
    await expectNoEnglish(page, own);
    await look(page, language, "8-my-orders");
    const download = page.waitForEvent("download");
    await order.getByRole("button", { name: words.invoice }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-MTH-\d\d-\d\d-\d+\.pdf$/);
    const pdf = Buffer.concat(await (await (await download).createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // The account remembers the language it signed up in; switching saves the new one and keeps the page.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const profile = async () =>
      ((await (await page.request.get("/api/user/profile", { headers: { authorization: `Bearer ${token}` } })).json()) as { data?: { language?: string }; language?: string });
    const languageOf = async () => {
      const body = await profile();
      return body.data?.language ?? body.language;
    };
    await expect.poll(languageOf).toBe(language);
    await page.locator("header").getByRole("combobox").selectOption("en");
    await expect(page).toHaveURL(/\/user-dashboard\/my-orders$/);
    await expect(page).not.toHaveURL(new RegExp(`/${language}/`));
    await expect(page.getByRole("heading", { name: "My Orders", level: 2 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    expect((await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
    await expect.poll(languageOf).toBe("en");
  });
}
