import type { FastifyInstance } from "fastify";
import { CATEGORIES } from "@mithai/schema/catalog";
import { categoryPath, STATIC_PAGES } from "@mithai/schema/pages";
import escapeHtml from "escape-html";

/** Customer-only and admin paths: nothing there for a search engine (robots rules match by prefix). */
const PRIVATE_PATHS = ["/admin", "/cart", "/order", "/user-dashboard", "/myorders", "/verify", "/forgot-password", "/reset-password", "/api/", "/trpc/"];

/** `/sitemap.xml` (home, each category's menu, static pages, every product on sale) and `/robots.txt`, with PUBLIC_URL addresses. */
export async function crawlerRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const { catalog } = app.deps;

  app.get("/sitemap.xml", async (_req, reply) => {
    const products = (await catalog.snapshot()).items;
    const paths = [
      "/",
      ...CATEGORIES.map(categoryPath),
      ...Object.values(STATIC_PAGES).map((page) => page.path),
      ...products.map((item) => `/product/${item.slug}`),
    ];
    const urls = paths.map((path) => `  <url><loc>${escapeHtml(opts.publicUrl + path)}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(xml);
  });

  const robots = ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${opts.publicUrl}/sitemap.xml`, ""].join("\n");
  app.get("/robots.txt", async (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(robots),
  );
}
