import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const NOT_SPA = /^\/(api|trpc|images)(\/|$)/;

/** Product images: content-addressed file names, so they can be cached for a year. */
export async function imagesPlugin(app: FastifyInstance, opts: { imagesDir: string }): Promise<void> {
  mkdirSync(opts.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.imagesDir,
    prefix: "/images/",
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`);
    },
  });
}

/** The built web client with SPA fallback: any other GET gets the app shell (index.html with the shop's name). */
export async function webClientPlugin(app: FastifyInstance, opts: { webDistDir: string; shopName: string }): Promise<void> {
  const indexFile = path.join(opts.webDistDir, "index.html");
  const shell = existsSync(indexFile) ? readFileSync(indexFile, "utf8").replaceAll("%SHOP_NAME%", escapeHtml(opts.shopName)) : null;
  if (shell) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: "/",
      index: false,
      wildcard: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    if (shell && (req.method === "GET" || req.method === "HEAD") && !NOT_SPA.test(pathname)) {
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(shell);
    }
    return reply.status(404).send({ success: false, message: `Not found: ${req.method} ${pathname}` });
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
