import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_TITLES, type Category, type PageKey } from "@mithai/schema";

/**
 * The browser sets `document.title` and the description from its own catalogues (`t\`Cart\``), the server writes the
 * head from PAGE_TITLES (@mithai/schema): a visitor who lands on /hi/cart and one who navigates there must read the same
 * title. This table names the message each page's title comes from (the msgids the pages use); a renamed message
 * disappears from the catalogue on extract and fails here too.
 */
const TITLE_MESSAGES: Record<Exclude<PageKey, "shipping" | "cancellation">, { title: string; description?: string }> = {
  notFound: { title: "Not found" },
  cart: { title: "Cart" },
  checkout: { title: "Checkout" },
  search: { title: "Search" },
  account: { title: "My account" },
  forgotPassword: { title: "Forgot password" },
  resetPassword: { title: "Reset password" },
  orderConfirmed: { title: "Order confirmed" },
  confirmingPayment: { title: "Confirming payment" },
  paymentFailed: { title: "Payment failed" },
  faq: { title: "Frequently asked questions", description: "Answers about ordering sweets by the kilo, freshness, delivery, payment and changes to an order." },
  privacy: { title: "Privacy policy", description: "What we collect when you shop with us, why, how long we keep it and the choices you have." },
  terms: { title: "Terms and conditions", description: "The terms that apply when you browse, order and pay on our shop." },
};
/** Shipping and cancellation describe the shop's policy figures ({0}, …), so only their titles are compared. */
const POLICY_TITLES = { shipping: "Shipping and delivery", cancellation: "Cancellation and refund policy" } as const;
const CATEGORY_MESSAGES: Record<Category, { title: string; description: string }> = {
  "Flour Sweets": { title: "Flour Sweets", description: "Flour sweets (besan, atta & ghee), handcrafted in small batches and sold by the kilo." },
  "Jaggery Sweets": { title: "Jaggery Sweets", description: "Jaggery sweets (sweetened with gur), handcrafted in small batches and sold by the kilo." },
  "Stuffed Sweets": { title: "Stuffed Sweets", description: "Stuffed sweets (filled with dry fruits), handcrafted in small batches and sold by the kilo." },
  "Festive Sweets": { title: "Festive Sweets", description: "Festive sweets (for every celebration), handcrafted in small batches and sold by the kilo." },
};
const HOME_TITLE = "{SHOP_NAME} — handcrafted Indian sweets";
const SHOP_DESCRIPTION_MESSAGE =
  "Handcrafted Indian sweets made fresh in small batches and delivered across India. Laddoos, barfis, katlis and festive favourites, sold by weight.";

/** msgid → msgstr of a gettext catalogue (single and multi-line strings). */
function readCatalogue(language: "hi" | "te"): Map<string, string> {
  const text = readFileSync(new URL(`../locales/${language}.po`, import.meta.url), "utf8");
  const messages = new Map<string, string>();
  let id: string | undefined;
  let str: string | undefined;
  let reading: "id" | "str" | undefined;
  const keep = () => {
    if (id !== undefined && str !== undefined) messages.set(id, str);
    id = str = undefined;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("msgid ")) {
      keep();
      id = JSON.parse(line.slice(6)) as string;
      reading = "id";
    } else if (line.startsWith("msgstr ")) {
      str = JSON.parse(line.slice(7)) as string;
      reading = "str";
    } else if (line.startsWith('"') && reading) {
      if (reading === "id") id += JSON.parse(line) as string;
      else str += JSON.parse(line) as string;
    }
  }
  keep();
  return messages;
}

describe.each(["hi", "te"] as const)("page titles in %s: the browser's catalogue and the server's head say the same", (language) => {
  const catalogue = readCatalogue(language);
  const translated = (msgid: string) => {
    expect(catalogue.has(msgid), `the catalogue has "${msgid}"`).toBe(true);
    return catalogue.get(msgid);
  };
  const server = PAGE_TITLES[language];

  it("every page's title, and the descriptions written without the shop's figures", () => {
    for (const [key, message] of Object.entries(TITLE_MESSAGES) as [keyof typeof TITLE_MESSAGES, { title: string; description?: string }][]) {
      expect(translated(message.title), key).toBe(server.pages[key].title);
      if (message.description) expect(translated(message.description), key).toBe(server.pages[key].description);
    }
    for (const [key, msgid] of Object.entries(POLICY_TITLES) as [keyof typeof POLICY_TITLES, string][]) expect(translated(msgid), key).toBe(server.pages[key].title);
  });

  it("the categories' titles and descriptions", () => {
    for (const [category, message] of Object.entries(CATEGORY_MESSAGES) as [Category, { title: string; description: string }][]) {
      expect(translated(message.title), category).toBe(server.categories[category].title);
      expect(translated(message.description), category).toBe(server.categories[category].description);
    }
  });

  it("the home page's title and the shop's description", () => {
    expect(translated(HOME_TITLE)).toBe(`{SHOP_NAME} — ${server.tagline}`);
    expect(translated(SHOP_DESCRIPTION_MESSAGE)).toBe(server.shopDescription);
  });
});
