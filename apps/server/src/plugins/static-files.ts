import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { IMAGE_CACHE_CONTROL, IMAGE_NAME, type ImageStore } from "@mithai/api/catalog/image-store";
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
 * path (a product's SEO tags and tag snippets on /product/{slug}) and a fresh script nonce.
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
    app.get<{ Params: { slug: string } }>("/product/:slug", async (req, reply) => {
      const item = (await catalog.snapshot()).bySlug.get(req.params.slug);
      return sendPage(reply, shell, item ? productHead(opts.site, item) : notFoundHead(opts.site), item ? 200 : 404, imagesOrigin);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const [pathname = "/", search = ""] = req.url.split("?");
    if (shell && (req.method === "GET" || req.method === "HEAD") && !NOT_SPA.test(pathname)) {
      return sendPage(reply, shell, headForPath(opts.site, pathname, new URLSearchParams(search)), 200, imagesOrigin);
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

function sendPage(reply: FastifyReply, shell: PageShell, head: PageHead, status: number, imagesOrigin: string | undefined): FastifyReply {
  const nonce = createCspNonce();
  return reply
    .status(status)
    .header("cache-control", "no-cache")
    .header("content-security-policy", pageContentSecurityPolicy(nonce, imagesOrigin))
    .type("text/html; charset=utf-8")
    .send(shell.render(head, nonce));
}
