import { expect, type Page } from "./test";

/**
 * The Latin-script words a Hindi or Telugu page may still show: brand names, the language switcher's "English", and
 * what `Intl` itself writes in those locales (pm).
 */
const ALLOWED_WORDS = new Set(["Mithai", "Razorpay", "UPI", "WhatsApp", "Google", "IP", "INR", "English", "pm", "am", "PM", "AM"]);

/** Codes the shop shows as they are: order numbers (#1A2B3C4D), payment ids (pay_…), invoice numbers (MTH/26-27/0001). */
const ALLOWED_CODES = [/^#[0-9A-F]{8}$/, /^pay_\w+$/, /^MTH\/\d{2}-\d{2}\/\d+$/];

export interface ShopperOwnWords {
  /** What the customer typed (name, e-mail, address) and the sweets' names (which may stay as they are): words allowed anywhere. */
  typed: readonly string[];
  /** The catalogue's own texts (names, descriptions, …): a text that is part of one is the shop's, as written. */
  catalogue: readonly string[];
}

/**
 * Every visible text on the page (and every label read aloud, and the title) with Latin letters, minus the allowed
 * words and codes, what the customer typed and the catalogue's own texts: what is left was not translated.
 */
export async function englishLeftOn(page: Page, own: ShopperOwnWords): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (!parent || !text || parent.closest("script, style, noscript, option")) continue;
      // Hidden panels (other tabs, closed accordions) count too: a tap shows them.
      found.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name);
        if (value) found.push(value.replace(/\s+/g, " ").trim());
      }
    }
    found.push(document.title);
    return found;
  });
  const typedWords = new Set(own.typed.flatMap((text) => text.split(/\s+/)).map(stripPunctuation));
  return texts
    .filter((text) => !own.catalogue.some((written) => written.includes(text)))
    .flatMap((text) =>
      text
        .split(/\s+/)
        .map(stripPunctuation)
        .filter((word) => /[A-Za-z]/.test(word) && !typedWords.has(word) && !ALLOWED_CODES.some((code) => code.test(word)))
        // Telugu and Hindi join case endings to a brand name ("WhatsAppలో"): only the Latin letters are judged.
        .filter((word) => !(word.match(/[A-Za-z]+/g) ?? []).every((latin) => ALLOWED_WORDS.has(latin))),
    );
}

const stripPunctuation = (word: string) => word.replace(/^[("“'.,:;!?|·—–-]+|[)"”'.,:;!?|·—–]+$/g, "");

export async function expectNoEnglish(page: Page, own: ShopperOwnWords): Promise<void> {
  await expect.poll(() => englishLeftOn(page, own), { message: "English words left on the page" }).toEqual([]);
}

/** The catalogue in a language: its sweets' names, and its own texts (descriptions, ingredients, benefits, FAQ) as the shop wrote them. */
export async function catalogueTexts(page: Page, language: string): Promise<{ names: string[]; texts: string[] }> {
  const res = await page.request.get(`/api/food/list?lang=${language}`);
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { name: string; description: string; ingredients: string; benefits: string; faq: { question: string; answer: string }[] }[] };
  return {
    names: data.map((item) => item.name),
    texts: data.flatMap((item) => [item.name, item.description, item.ingredients, item.benefits, ...item.faq.flatMap((entry) => [entry.question, entry.answer])]),
  };
}
