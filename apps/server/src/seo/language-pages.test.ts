import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TITLES } from "@mithai/schema";
import { createTestApp, writeWebClientFixture, type TestApp } from "../testing";
import { preferredLanguage } from "./language-choice";

const PUBLIC_URL = "https://shop.example.in";

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)![1];
const descriptionOf = (html: string) => /<meta name="description" content="(.*?)" \/>/.exec(html)![1];
const alternatesOf = (html: string) => [...headOf(html).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);

describe("pages in Hindi and Telugu (server-rendered head)", () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = writeWebClientFixture();
    t = await createTestApp({ seed: true, webDistDir: webDir, env: { PUBLIC_URL, SHOP_NAME: "Mithai" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ["en", "", "en-IN", "Kaju Katli"],
    ["hi", "/hi", "hi-IN", "काजू कतली"],
    ["te", "/te", "te-IN", "కాజు కట్లీ"],
  ])("a product page in %s: <html lang>, title, description, canonical, hreflang and JSON-LD in the language", async (lang, prefix, locale, name) => {
    const res = await t.app.inject(`${prefix}/product/kaju-katli`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${locale}">`));
    const head = headOf(res.body);
    if (lang === "en") expect(titleOf(head)).toMatch(/^Kaju Katli/);
    else {
      expect(titleOf(head)).toBe(`${name} | Mithai`);
      expect(descriptionOf(head)).toMatch(lang === "hi" ? /[\u0900-\u097F]/ : /[\u0C00-\u0C7F]/);
    }
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}${prefix}/product/kaju-katli" />`);
    expect(alternatesOf(head)).toEqual([
      ["en", `${PUBLIC_URL}/product/kaju-katli`],
      ["hi", `${PUBLIC_URL}/hi/product/kaju-katli`],
      ["te", `${PUBLIC_URL}/te/product/kaju-katli`],
      ["x-default", `${PUBLIC_URL}/product/kaju-katli`],
    ]);
    expect(head).toContain(`<meta property="og:locale" content="${locale.replace("-", "_")}" />`);
    const json = JSON.parse(/<script type="application\/ld\+json" nonce="[^"]+">(.*?)<\/script>/s.exec(head)![1]!) as { name: string; offers: { url: string } };
    expect(json).toMatchObject({ name, offers: { url: `${PUBLIC_URL}${prefix}/product/kaju-katli` } });
  });

  it("home, a category, a static page and not-found in Telugu and Hindi, titled from page-titles", async () => {
    const home = await t.app.inject("/te/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<html lang="te-IN">/);
    expect(titleOf(home.body)).toBe(`Mithai — ${PAGE_TITLES.te.tagline}`);
    expect(descriptionOf(home.body)).toBe(PAGE_TITLES.te.shopDescription);
    expect(headOf(home.body)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/te/" />`);
    expect(titleOf((await t.app.inject("/te")).body)).toBe(`Mithai — ${PAGE_TITLES.te.tagline}`);

    const category = await t.app.inject("/hi/?category=Jaggery+Sweets");
    expect(titleOf(category.body)).toBe(`${PAGE_TITLES.hi.categories["Jaggery Sweets"].title} | Mithai`);
    expect(alternatesOf(category.body)).toContainEqual(["te", `${PUBLIC_URL}/te/?category=Jaggery+Sweets`]);

    const faq = await t.app.inject("/hi/faq");
    expect(titleOf(faq.body)).toBe(`${PAGE_TITLES.hi.pages.faq.title} | Mithai`);
    expect(descriptionOf(faq.body)).toBe(PAGE_TITLES.hi.pages.faq.description);
    expect(headOf(faq.body)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/hi/faq" />`);

    const missing = await t.app.inject("/te/product/no-such-sweet");
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe(`${PAGE_TITLES.te.pages.notFound.title} | Mithai`);
    expect(headOf(missing.body)).toContain('<meta name="robots" content="noindex" />');
  });

  it("every page key has a title in every language, and the static pages a description", () => {
    for (const lang of ["hi", "te"] as const) {
      expect(Object.keys(PAGE_TITLES[lang].pages).sort()).toEqual(Object.keys(PAGE_TITLES.en.pages).sort());
      for (const [key, text] of Object.entries(PAGE_TITLES[lang].pages)) {
        expect(text.title).not.toBe(PAGE_TITLES.en.pages[key as keyof typeof PAGE_TITLES.en.pages].title);
        expect(Boolean(text.description)).toBe(Boolean(PAGE_TITLES.en.pages[key as keyof typeof PAGE_TITLES.en.pages].description));
      }
    }
  });
});

describe("first visit by Accept-Language and the lang cookie", () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = writeWebClientFixture();
    t = await createTestApp({ seed: true, webDistDir: webDir, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const visit = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

  it("sends a browser preferring Hindi or Telugu to the prefixed page (302, Vary), keeping path and query", async () => {
    const hindi = await visit("/product/jalebi?ref=whatsapp", { "accept-language": "hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7" });
    expect(hindi.statusCode).toBe(302);
    expect(hindi.headers.location).toBe("/hi/product/jalebi?ref=whatsapp");
    expect(hindi.headers.vary).toMatch(/Accept-Language, Cookie/);
    const telugu = await visit("/", { "accept-language": "te" });
    expect([telugu.statusCode, telugu.headers.location]).toEqual([302, "/te/"]);
    expect((await visit("/faq", { "accept-language": "fr-FR, te;q=0.5, en;q=0.3" })).headers.location).toBe("/te/faq");
  });

  it("leaves English, other languages, crawlers, prefixed pages, the admin panel and the API alone", async () => {
    for (const [url, headers] of [
      ["/product/jalebi", { "accept-language": "en-IN,en;q=0.9,hi;q=0.8" }],
      ["/product/jalebi", { "accept-language": "fr-FR,fr;q=0.9" }],
      ["/product/jalebi", {}],
      ["/product/jalebi", { "accept-language": "hi", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      ["/hi/product/jalebi", { "accept-language": "te" }],
      ["/admin", { "accept-language": "hi" }],
    ] as const) {
      const res = await visit(url, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      expect(res.headers.vary).toMatch(/Accept-Language, Cookie/);
    }
    expect((await visit("/api/food/list", { "accept-language": "hi" })).statusCode).toBe(200);
  });

  it("a lang cookie decides over Accept-Language", async () => {
    expect((await visit("/product/jalebi", { "accept-language": "hi", cookie: "consent=accepted; lang=en" })).statusCode).toBe(200);
    const telugu = await visit("/cart", { "accept-language": "hi,en;q=0.5", cookie: "lang=te" });
    expect([telugu.statusCode, telugu.headers.location]).toEqual([302, "/te/cart"]);
    // A cookie that names no language is ignored.
    expect((await visit("/cart", { "accept-language": "hi", cookie: "lang=xx" })).headers.location).toBe("/hi/cart");
  });

  it("reads Accept-Language by weight and primary subtag", () => {
    expect(preferredLanguage("hi-IN")).toBe("hi");
    expect(preferredLanguage("en;q=0.4, te;q=0.8")).toBe("te");
    expect(preferredLanguage("te;q=0, en")).toBe("en");
    expect(preferredLanguage("ta-IN, kn")).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
    expect(preferredLanguage("hi, te")).toBe("hi");
  });
});
