import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_TITLES, type Category, type PageKey } from "@mithai/schema";

/**
 * The browser sets `document.title` and the description from its own catalogues (`t\`Cart\``), the server writes the
 * head from PAGE_TITLES (@mithai/schema): a visitor who lands on /hi/cart and one who navigates there must read the same
 * title. The English texts are the browser's msgids (`t\`Cart\``), so each is read from PAGE_TITLES.en; a message the
 * browser renames disappears from the catalogue on extract and fails here. Shipping and cancellation describe the
 * shop's policy figures ({0}, …) in the browser, so only their titles are compared.
 */
const WITH_FIGURES: readonly PageKey[] = ["shipping", "cancellation"];
/** The browser words a category's description its own way ("Flour sweets (…)" against the server's "Flour Sweets (…)"). */
const CATEGORY_MESSAGES: Record<Category, { description: string }> = {
  "Flour Sweets": { description: "Flour sweets (besan, atta & ghee), handcrafted in small batches and sold by the kilo." },
  "Jaggery Sweets": { description: "Jaggery sweets (sweetened with gur), handcrafted in small batches and sold by the kilo." },
  "Stuffed Sweets": { description: "Stuffed sweets (filled with dry fruits), handcrafted in small batches and sold by the kilo." },
  "Festive Sweets": { description: "Festive sweets (for every celebration), handcrafted in small batches and sold by the kilo." },
};

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
    for (const [key, english] of Object.entries(PAGE_TITLES.en.pages) as [PageKey, { title: string; description?: string }][]) {
      expect(translated(english.title), key).toBe(server.pages[key].title);
      if (english.description && !WITH_FIGURES.includes(key)) expect(translated(english.description), key).toBe(server.pages[key].description);
    }
  });

  it("the categories' titles and descriptions", () => {
    for (const [category, message] of Object.entries(CATEGORY_MESSAGES) as [Category, { description: string }][]) {
      expect(translated(PAGE_TITLES.en.categories[category].title), category).toBe(server.categories[category].title);
      expect(translated(message.description), category).toBe(server.categories[category].description);
    }
  });

  it("the home page's title and the shop's description", () => {
    expect(translated(`{SHOP_NAME} — ${PAGE_TITLES.en.tagline}`)).toBe(`{SHOP_NAME} — ${server.tagline}`);
    expect(translated(PAGE_TITLES.en.shopDescription)).toBe(server.shopDescription);
  });
});
