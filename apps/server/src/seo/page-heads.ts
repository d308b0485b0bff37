import { DEFAULT_IMAGES_BASE, foodImageSources, PRODUCT_IMAGE_SIZES, type FoodItem } from "@mithai/schema/catalog";
import { CANCELLATION_POLICY_ALIAS, CATEGORY_PARAM, categoryFromParam, categoryPage, categoryPath, pageTitle, productPageTitle, SHOP_DESCRIPTION, STATIC_PAGES, type StaticPage } from "@mithai/schema/pages";
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

const pagesByPath = new Map<string, StaticPage>([
  ...Object.values(STATIC_PAGES).map((page): [string, StaticPage] => [page.path, page]),
  [CANCELLATION_POLICY_ALIAS, STATIC_PAGES.cancellation],
]);

/** The head for any path the SPA serves other than a product: home (or one category of it), a static page, or the shop's default. */
export function headForPath(site: SiteInfo, pathname: string, query = new URLSearchParams()): PageHead {
  if (pathname === NOT_FOUND_PATH) return notFoundHead(site);
  const page = pagesByPath.get(pathname.replace(/\/+$/, ""));
  if (page) {
    return {
      title: pageTitle(site.shopName, page.title),
      description: page.description,
      canonicalUrl: site.publicUrl + page.path,
      openGraph: openGraph(site, { type: "website", title: page.title, description: page.description, url: site.publicUrl + page.path }),
    };
  }
  const home = pathname === "/";
  const category = home ? categoryFromParam(query.get(CATEGORY_PARAM)) : null;
  if (category) {
    const { title, description } = categoryPage(category);
    const url = site.publicUrl + categoryPath(category);
    return {
      title: pageTitle(site.shopName, title),
      description,
      canonicalUrl: url,
      openGraph: openGraph(site, { type: "website", title: pageTitle(site.shopName, title), description, url }),
    };
  }
  return {
    title: pageTitle(site.shopName),
    description: SHOP_DESCRIPTION,
    // Unknown paths render Home too (SPEC §2); only "/" names it for search engines.
    canonicalUrl: home ? `${site.publicUrl}/` : undefined,
    openGraph: home ? openGraph(site, { type: "website", title: pageTitle(site.shopName), description: SHOP_DESCRIPTION, url: `${site.publicUrl}/` }) : undefined,
  };
}

export function productHead(site: SiteInfo, item: FoodItem): PageHead {
  const title = item.metaTitle || item.name;
  const description = item.metaDescription || item.description;
  const url = `${site.publicUrl}/product/${item.slug}`;
  const imagesBase = site.imagesPublicUrl ?? DEFAULT_IMAGES_BASE;
  const image = `${site.imagesPublicUrl ?? `${site.publicUrl}${DEFAULT_IMAGES_BASE}`}/${encodeURIComponent(item.image)}`;
  return {
    title: productPageTitle(site.shopName, item),
    description,
    keywords: item.metaKeywords || undefined,
    preloadImage: { ...foodImageSources(item.image, imagesBase), sizes: PRODUCT_IMAGE_SIZES },
    canonicalUrl: url,
    openGraph: openGraph(site, { type: "product", title, description, url, image }),
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
        availability: "https://schema.org/InStock",
      },
    },
    tagHead: item.googleTagHead || undefined,
    tagBody: item.googleTagBody || undefined,
  };
}

/** An unknown product, and /not-found where the client then goes: nothing for search engines to index. */
export function notFoundHead(site: SiteInfo): PageHead {
  return { title: pageTitle(site.shopName, "Not found"), description: SHOP_DESCRIPTION, noindex: true };
}

function openGraph(site: SiteInfo, properties: Record<string, string>): Record<string, string> {
  return { site_name: site.shopName, ...properties };
}
