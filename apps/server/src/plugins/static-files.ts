import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { headForPath, notFoundHead, productHead, type SiteInfo } from "../seo/page-heads";
import { createPageShell, type PageHead, type PageShell } from "../seo/page-shell";
import { createCspNonce, pageContentSecurityPolicy } from "./security-headers";

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

/**
 * The built web client with SPA fallback: any other GET gets the app shell, its head written for the
 * path (a product's SEO tags and tag snippets on /product/{slug}) and a fresh script nonce.
 */
export async function webClientPlugin(
  app: FastifyInstance,
  opts: { webDistDir: string; site: SiteInfo; /** The methods a path takes when the asked one is not among them (405). */ allowedMethods?: (method: string, path: string) => string[] },
): Promise<void> {
  const indexFile = path.join(opts.webDistDir, "index.html");
  const shell = existsSync(indexFile) ? createPageShell(readFileSync(indexFile, "utf8"), opts.site.shopName, { testPaymentsBanner: opts.site.testPaymentsBanner, cancelWindowMinutes: opts.site.cancelWindowMinutes }) : null;
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

    const { catalog } = app.deps;
    app.get<{ Params: { slug: string } }>("/product/:slug", async (req, reply) => {
      const item = (await catalog.snapshot()).bySlug.get(req.params.slug);
      return sendPage(reply, shell, item ? productHead(opts.site, item) : notFoundHead(opts.site), item ? 200 : 404);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const [pathname = "/", search = ""] = req.url.split("?");
    if (shell && (req.method === "GET" || req.method === "HEAD") && !NOT_SPA.test(pathname)) {
      return sendPage(reply, shell, headForPath(opts.site, pathname, new URLSearchParams(search)), 200);
    }
    const allow = opts.allowedMethods?.(req.method, pathname) ?? [];
    if (allow.length > 0) {
      return reply
        .status(405)
        .header("allow", allow.join(", "))
        .send({ success: false, message: `${req.method} is not accepted on ${pathname}; it takes ${allow.join(", ")}` });
    }
    return reply.status(404).send({ success: false, message: `Not found: ${req.method} ${pathname}` });
  });
}

function sendPage(reply: FastifyReply, shell: PageShell, head: PageHead, status: number): FastifyReply {
  const nonce = createCspNonce();
  return reply
    .status(status)
    .header("cache-control", "no-cache")
    .header("content-security-policy", pageContentSecurityPolicy(nonce))
    .type("text/html; charset=utf-8")
    .send(shell.render(head, nonce));
}
