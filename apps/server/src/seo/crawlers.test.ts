import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "@mithai/db/sql";
import { foodItems } from "@mithai/db/schema";
import type { FoodItem } from "@mithai/schema";
import { createTestApp, jsonOf, type TestApp } from "../testing";

const PUBLIC_URL = "https://shop.example.in";

describe("sitemap and robots", () => {
  let t: TestApp;
  let items: FoodItem[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL } });
    items = jsonOf<{ data: FoodItem[] }>(await t.app.inject("/api/food/list")).data;
  });
  afterAll(() => t.close());

  it("lists home, each category, the static pages and every product on sale, in every language, with absolute PUBLIC_URL addresses", async () => {
    await t.database.db.update(foodItems).set({ removedAt: new Date() }).where(eq(foodItems.slug, "jalebi"));
    await t.app.deps.catalog.changed();
    const res = await t.app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const english = [
      "/",
      ...["Flour+Sweets", "Jaggery+Sweets", "Stuffed+Sweets", "Festive+Sweets"].map((c) => `/?category=${c}`),
      ...["faq", "shipping-and-delivery", "cancellation-refund", "privacy-policy", "terms-and-conditions"].map((p) => `/${p}`),
      ...items.filter((i) => i.slug !== "jalebi").map((i) => `/product/${i.slug}`),
    ];
    const expected = english.flatMap((path) => [PUBLIC_URL + path, `${PUBLIC_URL}/hi${path}`, `${PUBLIC_URL}/te${path}`]);
    expect(locs.sort()).toEqual(expected.sort());
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    // Each address names the same page in the three languages, English as the default.
    const teluguKaju = new RegExp(`<url><loc>${PUBLIC_URL}/te/product/kaju-katli</loc>(.*?)</url>`).exec(res.body)![1];
    expect(teluguKaju).toBe(
      [
        `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/product/kaju-katli"/>`,
        `<xhtml:link rel="alternate" hreflang="hi" href="${PUBLIC_URL}/hi/product/kaju-katli"/>`,
        `<xhtml:link rel="alternate" hreflang="te" href="${PUBLIC_URL}/te/product/kaju-katli"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/product/kaju-katli"/>`,
      ].join(""),
    );
  });

  it("keeps crawlers out of admin, cart, checkout and the dashboard, and points them at the sitemap", async () => {
    const res = await t.app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/cart", "/order", "/user-dashboard", "/hi/cart", "/te/user-dashboard", "/sandbox/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).not.toContain("Disallow: /product");
    expect(lines).not.toContain("Disallow: /hi");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
