import escapeHtml from "escape-html";
import { DEFAULT_CANCEL_WINDOW_MINUTES, DEFAULT_IMAGES_BASE, type Language, LANGUAGES, LOCALES } from "@mithai/schema";

/** What a page's head says to crawlers and link previews before any JavaScript runs. */
export interface PageHead {
  /** The page's language: `<html lang>` and the words of its title and description. */
  lang: Language;
  /** The whole `<title>`. */
  title: string;
  description: string;
  keywords?: string;
  canonicalUrl?: string;
  /** The same page in every language (`hreflang` en, hi, te and x-default). */
  alternates?: { hreflang: string; href: string }[];
  /** Open Graph properties without the `og:` prefix, e.g. `{ type: "product" }`. */
  openGraph?: Record<string, string>;
  /** schema.org data (JSON-LD) for rich search results. */
  structuredData?: Record<string, unknown>;
  /** The page's largest picture, fetched at high priority before any JavaScript asks for it (same srcset and sizes as the `<img>`). */
  preloadImage?: { src: string; srcSet: string; sizes: string };
  /** Keeps the page out of search results (an unknown product). */
  noindex?: boolean;
  /** Admin-set tag snippets: trusted HTML (DECISIONS), written as they are apart from the script nonce. */
  tagHead?: string;
  tagBody?: string;
}

export interface PageShell {
  render(head: PageHead, nonce: string): string;
}

const HEAD_MARKER = "<!--page-head-->";
const BODY_MARKER = "<!--page-body-->";
/** Vite writes this (html.cspNonce) on the app's script and preload tags; each response gets its own value. */
const NONCE_PLACEHOLDER = "%CSP_NONCE%";

/**
 * The built index.html as a template: page-specific head tags go where `<!--page-head-->` stands, the
 * body snippet right after `<body>` at `<!--page-body-->`. Only the template's own text gets the nonce.
 */
export function createPageShell(indexHtml: string, shopName: string, options: { testPaymentsBanner?: boolean; cancelWindowMinutes?: number; imagesBase?: string } = {}): PageShell {
  const html = indexHtml
    .replaceAll("%SHOP_NAME%", escapeHtml(shopName))
    .replaceAll("%IMAGES_BASE%", escapeHtml(options.imagesBase ?? DEFAULT_IMAGES_BASE))
    .replaceAll("%CANCEL_WINDOW_MINUTES%", String(options.cancelWindowMinutes ?? DEFAULT_CANCEL_WINDOW_MINUTES));
  const banner = options.testPaymentsBanner ? TEST_PAYMENTS_BANNER : "";
  const [beforeHead, afterHead] = splitOnce(html, HEAD_MARKER);
  const [beforeBody, afterBody] = splitOnce(afterHead, BODY_MARKER);
  const withNonce = (part: string, nonce: string) => part.replaceAll(NONCE_PLACEHOLDER, nonce);
  // The template's `<html lang="…">`, written once per language.
  if (!/<html\b[^>]*\blang="[^"]*"/.test(beforeHead)) throw new Error("The web client's index.html lacks <html lang>");
  const beforeHeadIn = Object.fromEntries(LANGUAGES.map((lang) => [lang, beforeHead.replace(/(<html\b[^>]*\blang=")[^"]*"/, `$1${LOCALES[lang]}"`)])) as Record<Language, string>;

  return {
    render(head, nonce) {
      return (
        withNonce(beforeHeadIn[head.lang], nonce) +
        headTags(head, nonce) +
        withNonce(beforeBody, nonce) +
        banner +
        (head.tagBody ? withScriptNonce(head.tagBody, nonce) : "") +
        withNonce(afterBody, nonce)
      );
    },
  };
}

/** Written by the server outside the React root, so it shows on every page before (and without) JavaScript. */
export const TEST_PAYMENTS_BANNER =
  '<div class="test-payments-banner" role="status" style="background:#7a1f1f;color:#fff;text-align:center;padding:6px 12px;font:600 14px/1.4 system-ui,sans-serif">' +
  "Test payments only: this shop takes no real money, and orders placed here are not charged or delivered.</div>";

function headTags(head: PageHead, nonce: string): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta("name", "description", head.description)];
  if (head.keywords) tags.push(meta("name", "keywords", head.keywords));
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  if (head.preloadImage) {
    const { src, srcSet, sizes } = head.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`,
    );
  }
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  for (const { hreflang, href } of head.alternates ?? []) tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`);
  for (const [property, content] of Object.entries(head.openGraph ?? {})) tags.push(meta("property", `og:${property}`, content));
  if (head.structuredData) {
    // "<" never appears raw, so no value can close the script element early.
    const json = JSON.stringify(head.structuredData).replace(/</g, "\\u003c");
    tags.push(`<script type="application/ld+json" nonce="${nonce}">${json}</script>`);
  }
  if (head.tagHead) tags.push(withScriptNonce(head.tagHead, nonce));
  return tags.join("\n    ");
}

function meta(attribute: "name" | "property", key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** Lets the admin's tag snippets run under the page's Content-Security-Policy. */
function withScriptNonce(snippet: string, nonce: string): string {
  return snippet.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`The web client's index.html lacks the ${marker} marker`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

