import type { FastifyRequest } from "fastify";
import { isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGES, pathInLanguage, splitLanguagePath } from "@mithai/schema";

/** Search engines and link previews: they index every language's own address, so they are never redirected. */
const CRAWLER = /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|embedly|lighthouse/i;

/** Paths that are not storefront pages in a language: the admin panel stays English. */
const ENGLISH_ONLY = /^\/admin(\/|$)/;

/**
 * Where a first visit goes (DECISIONS, "Languages"): an unprefixed storefront page asked for by a person whose
 * `lang` cookie, or without one whose `Accept-Language`, prefers Hindi or Telugu is sent to the same page under
 * `/hi/…` or `/te/…` (the answer's path with its query); null when the page is answered as it is.
 */
export function languageRedirect(req: FastifyRequest): string | null {
  const [pathname = "/", query] = req.url.split("?");
  if (splitLanguagePath(pathname).lang !== "en" || ENGLISH_ONLY.test(pathname)) return null;
  if (CRAWLER.test(req.headers["user-agent"] ?? "")) return null;
  const lang = cookieLanguage(req.headers.cookie) ?? preferredLanguage(req.headers["accept-language"]);
  if (!lang || lang === "en") return null;
  return pathInLanguage(pathname, lang) + (query === undefined ? "" : `?${query}`);
}

/** The answer depends on these: caches keep one copy per value. */
export const LANGUAGE_VARY = "Accept-Language, Cookie";

function cookieLanguage(header: string | undefined): Language | null {
  const value = header ? new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(header)?.[1]?.trim() : undefined;
  return isLanguage(value) ? value : null;
}

/**
 * The shop's language the browser prefers most: the highest `q` among en, hi and te, by their primary subtag
 * (`hi-IN` is Hindi); null when it names none of them.
 */
export function preferredLanguage(header: string | undefined): Language | null {
  let best: { lang: Language; q: number } | null = null;
  for (const part of (header ?? "").split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(LANGUAGES as readonly string[]).includes(primary ?? "") || !(q > 0)) continue;
    // The first of equal weights wins, as the browser listed them.
    if (!best || q > best.q) best = { lang: primary as Language, q };
  }
  return best?.lang ?? null;
}
