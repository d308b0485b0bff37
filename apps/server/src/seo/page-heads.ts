import {
  CANCELLATION_POLICY_ALIAS,
  CATEGORY_PARAM,
  categoryFromParam,
  categoryPath,
  DEFAULT_IMAGES_BASE,
  foodImageSources,
  type FoodItem,
  type Language,
  LANGUAGES,
  LOCALES,
  localizedPageTitle,
  PAGE_TITLES,
  type PageKey,
  pageText,
  pathInLanguage,
  PRODUCT_IMAGE_SIZES,
  STATIC_PAGES,
} from "@mithai/schema";
import type { PageHead } from "./page-shell";

export interface SiteInfo {
  shopName: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** A production shop on sandbox payments (ALLOW_SANDBOX_PAYMENTS): every page says so. */
  testPaymentsBanner?: boolean;
  /** CANCEL_WINDOW_MINUTES, which the cancellation policy and My Orders state. */
  cancelWindowMinutes?: number;
  /** IMAGES_PUBLIC_URL when pictures are read from a bucket or CDN directly; unset = this shop's /images. */
  imagesPublicUrl?: string;
}

const NOT_FOUND_PATH = "/not-found";

/** The static pages by path (and the policy alias), with their key in page-titles. */
const pagesByPath = new Map<string, { key: keyof typeof STATIC_PAGES; path: string }>([
  ...Object.entries(STATIC_PAGES).map(([key, page]): [string, { key: keyof typeof STATIC_PAGES; path: string }] => [page.path, { key: key as keyof typeof STATIC_PAGES, path: page.path }]),
  [CANCELLATION_POLICY_ALIAS, { key: "cancellation", path: STATIC_PAGES.cancellation.path }],
]);

/**
 * The head for any path the SPA serves other than a product, in `lang` (`pathname` without its language prefix):
 * home (or one category of it), a static page, or the shop's default.
 */
export function headForPath(site: SiteInfo, lang: Language, pathname: string, query = new URLSearchParams()): PageHead {
  if (pathname === NOT_FOUND_PATH) return notFoundHead(site, lang);
  const page = pagesByPath.get(pathname.replace(/\/+$/, ""));
  if (page) return indexedPage(site, lang, page.path, pageText(lang, page.key));
  const home = pathname === "/";
  const category = home ? categoryFromParam(query.get(CATEGORY_PARAM)) : null;
  if (category) return indexedPage(site, lang, categoryPath(category), { ...PAGE_TITLES[lang].categories[category], description: PAGE_TITLES[lang].categories[category].description ?? PAGE_TITLES[lang].shopDescription });
  const shopTitle = localizedPageTitle(site.shopName, lang);
  const description = PAGE_TITLES[lang].shopDescription;
  if (!home) {
    // Unknown paths render Home too (SPEC §2); only "/" names it for search engines.
    return { lang, title: shopTitle, description };
  }
  return {
    lang,
    title: shopTitle,
    description,
    ...addresses(site, lang, "/"),
    openGraph: openGraph(site, lang, { type: "website", title: shopTitle, description, url: urlIn(site, lang, "/") }),
  };
}

/** A page search engines index: its title and description in `lang`, canonical URL and the other languages' addresses. */
function indexedPage(site: SiteInfo, lang: Language, path: string, text: { title: string; description: string }): PageHead {
  const title = localizedPageTitle(site.shopName, lang, text.title);
  return {
    lang,
    title,
    description: text.description,
    ...addresses(site, lang, path),
    openGraph: openGraph(site, lang, { type: "website", title, description: text.description, url: urlIn(site, lang, path) }),
  };
}

const urlIn = (site: SiteInfo, lang: Language, path: string) => site.publicUrl + pathInLanguage(path, lang);

/** The page's own address and the same page in every language; `x-default` is the English one. */
function addresses(site: SiteInfo, lang: Language, path: string): Pick<PageHead, "canonicalUrl" | "alternates"> {
  return {
    canonicalUrl: urlIn(site, lang, path),
    alternates: [...LANGUAGES.map((other) => ({ hreflang: other, href: urlIn(site, other, path) })), { hreflang: "x-default", href: urlIn(site, "en", path) }],
  };
}

/** A product page in `lang`: `item` is the catalogue's item in that language. */
export function productHead(site: SiteInfo, lang: Language, item: FoodItem): PageHead {
  const title = item.metaTitle || item.name;
  const description = item.metaDescription || item.description;
  const path = `/product/${item.slug}`;
  const url = urlIn(site, lang, path);
  const imagesBase = site.imagesPublicUrl ?? DEFAULT_IMAGES_BASE;
  const image = `${site.imagesPublicUrl ?? `${site.publicUrl}${DEFAULT_IMAGES_BASE}`}/${encodeURIComponent(item.image)}`;
  return {
    lang,
    title: item.metaTitle || localizedPageTitle(site.shopName, lang, item.name),
    description,
    keywords: item.metaKeywords || undefined,
    preloadImage: { ...foodImageSources(item.image, imagesBase), sizes: PRODUCT_IMAGE_SIZES },
    ...addresses(site, lang, path),
    openGraph: openGraph(site, lang, { type: "product", title, description, url, image }),
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: item.name,
      description,
      image,
      category: item.category,
      brand: { "@type": "Brand", name: site.shopName },
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "INR",
        price: item.price,
        priceSpecification: { "@type": "UnitPriceSpecification", price: item.price, priceCurrency: "INR", unitCode: "KGM", referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "KGM" } },
        availability: item.soldOut ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
      },
      // Search engines show stars only from real ratings: none until a review carries them.
      ...(item.rating.average !== null && item.rating.count > 0
        ? { aggregateRating: { "@type": "AggregateRating", ratingValue: item.rating.average, ratingCount: item.rating.count, bestRating: 5, worstRating: 1 } }
        : {}),
    },
    tagHead: item.googleTagHead || undefined,
    tagBody: item.googleTagBody || undefined,
  };
}

/** An unknown product, and /not-found where the client then goes: nothing for search engines to index. */
export function notFoundHead(site: SiteInfo, lang: Language): PageHead {
  const { title, description } = pageText(lang, "notFound" satisfies PageKey);
  return { lang, title: localizedPageTitle(site.shopName, lang, title), description, noindex: true };
}

/** Open Graph's locale is written with an underscore (`hi_IN`). */
function openGraph(site: SiteInfo, lang: Language, properties: Record<string, string>): Record<string, string> {
  return { site_name: site.shopName, locale: LOCALES[lang].replace("-", "_"), ...properties };
}
