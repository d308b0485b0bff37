import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IMAGE_CACHE_CONTROL, IMAGE_NAME, type ImageStore } from "@mithai/api";
import { LANGUAGES, pathInLanguage, splitLanguagePath } from "@mithai/schema";
import { LANGUAGE_VARY, languageRedirect } from "../seo/language-choice";
import { headForConsent } from "../seo/consent";
import { headForPath, notFoundHead, productHead, type SiteInfo } from "../seo/page-heads";
import { createPageShell, type PageHead, type PageShell } from "../seo/page-shell";
import { createCspNonce, pageContentSecurityPolicy } from "./security-headers";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const NOT_SPA = /^\/(api|trpc|images)(\/|$)/;

/**
 * Product pictures at /images/{name}. Names are new for every upload, so answers may be cached for a year.
 * From the disk: served as files. From a bucket: streamed through this server, or, with a public address for the
 * bucket (IMAGES_PUBLIC_URL, a CDN), redirected there (pages then link there directly; this is for old links).
 */
export async function imagesPlugin(app: FastifyInstance, opts: { store: ImageStore; diskDir?: string; publicUrl?: string }): Promise<void> {
  if (opts.publicUrl) {
    const base = opts.publicUrl;
    app.get<{ Params: { "*": string } }>("/images/*", async (req, reply) => {
      const name = req.params["*"];
      if (!IMAGE_NAME.test(name)) return reply.callNotFound();
      // A day, not a year: the public address may change.
      return reply.header("cache-control", "public, max-age=86400").redirect(`${base}/${encodeURIComponent(name)}`, 301);
    });
    return;
  }
  if (opts.diskDir) {
    mkdirSync(opts.diskDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: opts.diskDir,
      prefix: "/images/",
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader("cache-control", IMAGE_CACHE_CONTROL);
      },
    });
    return;
  }
  const { store } = opts;
  app.get<{ Params: { "*": string } }>("/images/*", async (req, reply) => {
    const name = req.params["*"];
    if (!IMAGE_NAME.test(name)) return reply.callNotFound();
    const found = await store.get(name, req.headers["if-none-match"]);
    if (found === null) return reply.callNotFound();
    reply.header("cache-control", IMAGE_CACHE_CONTROL);
    if (found === "not-modified") return reply.status(304).send();
    if (found.etag) reply.header("etag", found.etag);
    if (found.lastModified) reply.header("last-modified", found.lastModified.toUTCString());
    if (found.contentLength !== undefined) reply.header("content-length", found.contentLength);
    return reply.type(found.contentType).send(found.body);
  });
}

/**
 * The built web client with SPA fallback: any other GET gets the app shell, its head written for the
 * path in its language (a product's SEO tags and tag snippets on /product/{slug}, `/hi/…` and `/te/…` the same pages
 * in Hindi and Telugu) and a fresh script nonce. A first visit may be sent to its language first (language-choice.ts).
 */
export async function webClientPlugin(
  app: FastifyInstance,
  opts: { webDistDir: string; site: SiteInfo; /** The methods a path takes when the asked one is not among them (405). */ allowedMethods?: (method: string, path: string) => string[] },
): Promise<void> {
  const indexFile = path.join(opts.webDistDir, "index.html");
  // Pictures from a bucket or CDN at a plain-http address (a local MinIO) must be allowed by name; https: already is.
  const imagesOrigin = opts.site.imagesPublicUrl?.startsWith("http:") ? new URL(opts.site.imagesPublicUrl).origin : undefined;
  const shell = existsSync(indexFile) ? createPageShell(readFileSync(indexFile, "utf8"), opts.site.shopName, { testPaymentsBanner: opts.site.testPaymentsBanner, cancelWindowMinutes: opts.site.cancelWindowMinutes, imagesBase: opts.site.imagesPublicUrl }) : null;
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
    for (const lang of LANGUAGES) {
      app.get<{ Params: { slug: string } }>(pathInLanguage("/product/:slug", lang), async (req, reply) => {
        const redirect = languageRedirect(req);
        if (redirect) return redirectToLanguage(reply, redirect);
        const item = (await catalog.snapshot()).languages[lang].bySlug.get(req.params.slug);
        // The page differs with the visitor's cookie choice (its tag snippets): sendPage varies on Cookie.
        return sendPage(reply, shell, item ? headForConsent(productHead(opts.site, lang, item), req.headers.cookie) : notFoundHead(opts.site, lang), item ? 200 : 404, imagesOrigin);
      });
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const [pathname = "/", search = ""] = req.url.split("?");
    if (shell && isPageRequest(req, pathname)) {
      const redirect = languageRedirect(req);
      if (redirect) return redirectToLanguage(reply, redirect);
      const { lang, path: pagePath } = splitLanguagePath(pathname);
      return sendPage(reply, shell, headForPath(opts.site, lang, pagePath, new URLSearchParams(search)), 200, imagesOrigin);
    }
    const allow = opts.allowedMethods?.(req.method, pathname) ?? [];
    if (allow.length > 0) {
      return reply
        .status(405)
        .header("allow", allow.join(", "))
        .send({ success: false, code: "METHOD_NOT_ALLOWED", message: `${req.method} is not accepted on ${pathname}; it takes ${allow.join(", ")}` });
    }
    return reply.status(404).send({ success: false, code: "NOT_FOUND", message: `Not found: ${req.method} ${pathname}` });
  });
}

const isPageRequest = (req: FastifyRequest, pathname: string) => (req.method === "GET" || req.method === "HEAD") && !NOT_SPA.test(pathname);

/** A first visit sent to its language: temporary (the cookie or the browser may choose otherwise next time). */
function redirectToLanguage(reply: FastifyReply, location: string): FastifyReply {
  return reply.header("vary", LANGUAGE_VARY).header("cache-control", "no-cache").redirect(location, 302);
}

function sendPage(reply: FastifyReply, shell: PageShell, head: PageHead, status: number, imagesOrigin: string | undefined): FastifyReply {
  const nonce = createCspNonce();
  return reply
    .status(status)
    .header("cache-control", "no-cache")
    .header("vary", LANGUAGE_VARY)
    .header("content-security-policy", pageContentSecurityPolicy(nonce, imagesOrigin))
    .type("text/html; charset=utf-8")
    .send(shell.render(head, nonce));
}
