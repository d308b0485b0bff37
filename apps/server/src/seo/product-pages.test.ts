import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { foodItems, reviews } from "@mithai/db/schema";
import { insertTestUser } from "@mithai/db/testing";
import type { FoodItem } from "@mithai/schema";
import { createTestApp, jsonOf, writeWebClientFixture, type TestApp } from "../testing";

const PUBLIC_URL = "https://shop.example.in";

function headOf(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

function structuredDataOf(html: string): { name: string; offers: { price: number; priceCurrency: string; url: string } } {
  const json = /<script type="application\/ld\+json" nonce="[^"]+">(.*?)<\/script>/s.exec(headOf(html))![1]!;
  return JSON.parse(json);
}

describe("pages served to crawlers", () => {
  let t: TestApp;
  let webDir: string;
  let items: FoodItem[];

  beforeAll(async () => {
    webDir = writeWebClientFixture();
    t = await createTestApp({ seed: true, webDistDir: webDir, env: { PUBLIC_URL } });
    items = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("writes a product's title, description, keywords, canonical URL and Open Graph tags into the head", async () => {
    const item = items.find((i) => i.slug === "kaju-katli")!;
    const res = await t.app.inject(`/product/${item.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const head = headOf(res.body);
    expect(item.metaTitle).toMatch(/ \| Mithai$/);
    expect(head).toContain(`<title>${item.metaTitle}</title>`);
    expect(head).toContain(`<meta name="description" content="${item.metaDescription}" />`);
    expect(head).toContain(`<meta name="keywords" content="${item.metaKeywords}" />`);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/kaju-katli" />`);
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain(`<meta property="og:title" content="${item.metaTitle}" />`);
    expect(head).toContain(`<meta property="og:description" content="${item.metaDescription}" />`);
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_URL}/product/kaju-katli" />`);
    expect(head).toContain(`<meta property="og:image" content="${PUBLIC_URL}/images/${item.image}" />`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    // The picture (the page's largest paint) is fetched with the page, in the widths and sizes the <img> asks for.
    const stem = item.image.replace(/\.webp$/, "");
    expect(head).toContain(
      `<link rel="preload" as="image" href="/images/${stem}-640w.webp" imagesrcset="/images/${stem}-320w.webp 320w, /images/${stem}-640w.webp 640w, /images/${stem}-960w.webp 960w" imagesizes="(min-width: 900px) 480px, calc(100vw - 2rem)" fetchpriority="high" />`,
    );
    expect(structuredDataOf(res.body)).toMatchObject({
      name: item.name,
      offers: { price: item.price, priceCurrency: "INR", url: `${PUBLIC_URL}/product/kaju-katli` },
    });
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("escapes quotes and angle brackets in every field it writes", async () => {
    const hostile = `Kesar "Royal" <Barfi> & 'Co' </title><script>alert(1)</script>`;
    await t.database.db
      .update(foodItems)
      .set({ name: hostile, metaTitle: hostile, metaDescription: `Sweet" onload="alert(1)`, metaKeywords: `<b>kesar</b>, "barfi"` })
      .where(eq(foodItems.slug, "mysore-pak"));
    await t.app.deps.catalog.changed();

    const html = (await t.app.inject("/product/mysore-pak")).body;
    const head = headOf(html);
    const escapedTitle = "Kesar &quot;Royal&quot; &lt;Barfi&gt; &amp; &#39;Co&#39; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;";
    expect(head).toContain(`<title>${escapedTitle}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(head).toContain('<meta name="description" content="Sweet&quot; onload=&quot;alert(1)" />');
    expect(head).toContain('<meta name="keywords" content="&lt;b&gt;kesar&lt;/b&gt;, &quot;barfi&quot;" />');
    expect(head).not.toContain("<script>alert(1)");
    expect(head).not.toContain("</title><");
    expect(structuredDataOf(html).name).toBe(hostile);
    expect(head).not.toContain('" onload="');
  });

  it("puts the admin's tag snippets in the head and at the top of the body, their scripts carrying the page nonce", async () => {
    const tagHead = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST1"></script><script>window.dataLayer=window.dataLayer||[];</script>`;
    const tagBody = `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST1" height="0" width="0"></iframe></noscript>`;
    await t.database.db.update(foodItems).set({ googleTagHead: tagHead, googleTagBody: tagBody }).where(eq(foodItems.slug, "jalebi"));
    await t.app.deps.catalog.changed();

    const res = await t.app.inject("/product/jalebi");
    const nonce = /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] as string)![1]!;
    const head = headOf(res.body);
    expect(head).toContain(
      `<script nonce="${nonce}" async src="https://www.googletagmanager.com/gtag/js?id=G-TEST1"></script><script nonce="${nonce}">window.dataLayer=window.dataLayer||[];</script>`,
    );
    expect(res.body).toMatch(new RegExp(`<body>\\s*${tagBody.replace(/[.?*()[\]|]/g, "\\$&")}\\s*<div id="root">`));
    expect(res.body).toContain(`<script type="module" crossorigin src="/assets/app.js" nonce="${nonce}"></script>`);
    expect(res.body).not.toContain("%CSP_NONCE%");
  });

  it("holds the tag snippets back from a visitor who chose \"Only necessary\" (the consent cookie), and only from them", async () => {
    const tagHead = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST2"></script>`;
    const tagBody = `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST2"></iframe></noscript>`;
    await t.database.db.update(foodItems).set({ googleTagHead: tagHead, googleTagBody: tagBody }).where(eq(foodItems.slug, "jalebi"));
    await t.app.deps.catalog.changed();

    const necessary = await t.app.inject({ url: "/product/jalebi", headers: { cookie: "theme=light; cookieConsent=necessary" } });
    expect(necessary.statusCode).toBe(200);
    expect(necessary.body).not.toContain("googletagmanager");
    // The rest of the head stays: the title and the structured data.
    expect(structuredDataOf(necessary.body).name).toBe("Jalebi");
    expect(necessary.headers.vary).toMatch(/cookie/i);

    for (const cookie of ["cookieConsent=accepted", undefined]) {
      const page = await t.app.inject({ url: "/product/jalebi", headers: cookie ? { cookie } : {} });
      expect(page.body).toContain("gtag/js?id=G-TEST2");
      expect(page.body).toContain("ns.html?id=GTM-TEST2");
    }
  });

  it("falls back to the sweet's name and description when its SEO fields are empty, leaving out empty keywords", async () => {
    const item = items.find((i) => i.slug === "gujiya")!;
    await t.database.db.update(foodItems).set({ metaTitle: "", metaDescription: "", metaKeywords: "" }).where(eq(foodItems.slug, "gujiya"));
    await t.app.deps.catalog.changed();
    const head = headOf((await t.app.inject("/product/gujiya")).body);
    expect(head).toContain(`<title>${item.name} | Mithai</title>`);
    expect(head).toContain(`<meta name="description" content="${item.description}" />`);
    expect(head).not.toContain('name="keywords"');
  });

  it("gives each page response its own nonce", async () => {
    const [a, b] = await Promise.all([t.app.inject("/product/jalebi"), t.app.inject("/product/jalebi")]);
    expect(a.headers["content-security-policy"]).not.toEqual(b.headers["content-security-policy"]);
  });

  it("answers an unknown slug with the app shell, a 404 status and noindex", async () => {
    const res = await t.app.inject("/product/no-such-sweet");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain('<div id="root"></div>');
    expect(headOf(res.body)).toContain('<meta name="robots" content="noindex" />');
    expect(headOf((await t.app.inject("/not-found")).body)).toContain('<meta name="robots" content="noindex" />');
  });

  it("titles the static pages and serves the cancellation policy at its alias with the same canonical URL", async () => {
    const faq = headOf((await t.app.inject("/faq")).body);
    expect(faq).toContain("<title>Frequently asked questions | Mithai</title>");
    expect(faq).toContain(`<link rel="canonical" href="${PUBLIC_URL}/faq" />`);

    for (const url of ["/cancellation-refund", "/cancellation-refund-policy"]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head).toContain("<title>Cancellation and refund policy | Mithai</title>");
      expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/cancellation-refund" />`);
      expect(head).toContain("within 24 hours with photos");
    }
  });

  it("serves the home title on home and unknown paths, naming only / as canonical", async () => {
    const home = headOf((await t.app.inject("/")).body);
    expect(home).toContain("<title>Mithai — handcrafted Indian sweets</title>");
    expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    const unknown = await t.app.inject("/somewhere/else");
    expect(unknown.statusCode).toBe(200);
    expect(headOf(unknown.body)).not.toContain('rel="canonical"');
  });

  it("titles the menu filtered to a category as the browser does, with the category's own canonical address (issue 16)", async () => {
    const head = headOf((await t.app.inject("/?category=Jaggery+Sweets")).body);
    expect(head).toContain("<title>Jaggery Sweets | Mithai</title>");
    expect(head).toContain("Jaggery Sweets (sweetened with gur), handcrafted in small batches and sold by the kilo.");
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/?category=Jaggery+Sweets" />`);
    // A category the shop does not have is plain home.
    expect(headOf((await t.app.inject("/?category=Nope")).body)).toContain("<title>Mithai — handcrafted Indian sweets</title>");
  });

  it("puts schema.org Product JSON-LD in the head: an Offer per kg in INR with availability from stock, and AggregateRating once rated", async () => {
    const item = items.find((i) => i.slug === "jalebi")!;
    const ld = async () => {
      const res = await t.app.inject(`/product/${item.slug}`);
      expect(res.statusCode).toBe(200);
      return structuredDataOf(res.body) as unknown as Record<string, unknown> & { offers: Record<string, unknown> };
    };
    const before = await ld();
    expect(before).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: item.name,
      offers: {
        "@type": "Offer",
        price: item.price,
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        priceSpecification: { "@type": "UnitPriceSpecification", price: item.price, priceCurrency: "INR", unitCode: "KGM" },
      },
    });
    expect(before).not.toHaveProperty("aggregateRating");

    const userId = await insertTestUser(t.database.db, "Rater");
    await t.database.db.insert(reviews).values([
      { foodItemId: item._id, userId, username: "Rater", review: "Crisp", rating: 5 },
      { foodItemId: item._id, userId, username: "Rater", review: "Too sweet for me", rating: 4 },
    ]);
    await t.database.db.update(foodItems).set({ stockKg: 0 }).where(eq(foodItems.id, item._id));
    await t.app.deps.catalog.changed();
    const after = await ld();
    expect(after.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 });
    expect(after.offers.availability).toBe("https://schema.org/OutOfStock");
  });
});
