import type { FastifyInstance } from "fastify";
import { CATEGORIES, categoryPath, LANGUAGES, pathInLanguage, STATIC_PAGES, TRANSLATED_LANGUAGES } from "@mithai/schema";
import escapeHtml from "escape-html";

/** Customer-only storefront paths, in every language, and the admin's, the API's and the sandbox's: nothing there for a search engine (robots rules match by prefix). */
const PRIVATE_PAGES = ["/cart", "/order", "/user-dashboard", "/myorders", "/verify", "/forgot-password", "/reset-password"];
const PRIVATE_PATHS = ["/admin", ...PRIVATE_PAGES, ...TRANSLATED_LANGUAGES.flatMap((lang) => PRIVATE_PAGES.map((path) => pathInLanguage(path, lang))), "/api/", "/trpc/", "/sandbox/"];

/**
 * `/sitemap.xml` (home, each category's menu, static pages, every product on sale, each in every language, with its
 * `hreflang` alternates) and `/robots.txt`, with PUBLIC_URL addresses.
 */
export async function crawlerRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const { catalog } = app.deps;
  const url = (path: string, lang: (typeof LANGUAGES)[number]) => escapeHtml(opts.publicUrl + pathInLanguage(path, lang));

  app.get("/sitemap.xml", async (_req, reply) => {
    const products = (await catalog.snapshot()).items;
    const paths = [
      "/",
      ...CATEGORIES.map(categoryPath),
      ...Object.values(STATIC_PAGES).map((page) => page.path),
      ...products.map((item) => `/product/${item.slug}`),
    ];
    const alternates = (path: string) =>
      [...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${url(path, lang)}"/>`), `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, "en")}"/>`].join("");
    const urls = paths.flatMap((path) => LANGUAGES.map((lang) => `  <url><loc>${url(path, lang)}</loc>${alternates(path)}</url>`));
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(xml);
  });

  const robots = ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${opts.publicUrl}/sitemap.xml`, ""].join("\n");
  app.get("/robots.txt", async (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(robots),
  );
}
