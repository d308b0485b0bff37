import { CATEGORIES, type Category } from "./catalog";

/**
 * The storefront's static pages and the policy facts they state. The footer links these pages, the
 * server titles them for crawlers and lists them in the sitemap, and the pages quote the facts, so a
 * delivery window is written once.
 */
export const SHOP_POLICY = {
  processingTime: "1-2 business days",
  deliveryTime: "2-4 business days",
  deliveryHours: "10 AM-7 PM, Monday to Saturday",
  orderChangeWindow: "1 hour",
  damageReportWindow: "24 hours",
} as const;

export interface StaticPage {
  path: string;
  title: string;
  description: string;
}

export const STATIC_PAGES = {
  faq: {
    path: "/faq",
    title: "Frequently asked questions",
    description: "Answers about ordering sweets by the kilo, freshness, delivery, payment and changes to an order.",
  },
  shipping: {
    path: "/shipping-and-delivery",
    title: "Shipping and delivery",
    description: `Orders are packed within ${SHOP_POLICY.processingTime} and delivered within ${SHOP_POLICY.deliveryTime}, ${SHOP_POLICY.deliveryHours}. The delivery charge depends on the PIN code.`,
  },
  cancellation: {
    path: "/cancellation-refund",
    title: "Cancellation and refund policy",
    description: `Paid orders cannot be cancelled or refunded; damaged or wrong items reported within ${SHOP_POLICY.damageReportWindow} with photos are made good.`,
  },
  privacy: {
    path: "/privacy-policy",
    title: "Privacy policy",
    description: "What we collect when you shop with us, why, how long we keep it and the choices you have.",
  },
  terms: {
    path: "/terms-and-conditions",
    title: "Terms and conditions",
    description: "The terms that apply when you browse, order and pay on our shop.",
  },
} as const satisfies Record<string, StaticPage>;

/** The terms page links here (SPEC §2); it serves the cancellation page too. */
export const CANCELLATION_POLICY_ALIAS = "/cancellation-refund-policy";

export const SHOP_DESCRIPTION =
  "Handcrafted Indian sweets made fresh in small batches and delivered across India. Laddoos, barfis, katlis and festive favourites, sold by weight.";

/** A page's `<title>`, the same whether the server or the browser writes it. */
export function pageTitle(shopName: string, title?: string): string {
  return title ? `${title} | ${shopName}` : `${shopName} — handcrafted Indian sweets`;
}

/** A product page's title: the admin's SEO title as written (it usually names the shop already), else the sweet's name. */
export function productPageTitle(shopName: string, item: { name: string; metaTitle: string }): string {
  return item.metaTitle || pageTitle(shopName, item.name);
}

/** The home page's menu filtered to one family of sweets is `/?category=Flour+Sweets`: shareable, and Back restores it. */
export const CATEGORY_PARAM = "category";

/** Each category's line, shown on its tile and as the page description. */
export const CATEGORY_BLURBS: Record<Category, string> = {
  "Flour Sweets": "Besan, atta & ghee",
  "Jaggery Sweets": "Sweetened with gur",
  "Stuffed Sweets": "Filled with dry fruits",
  "Festive Sweets": "For every celebration",
};

/** The category a `?category=` value names, or null (All) for anything else. */
export function categoryFromParam(value: string | null | undefined): Category | null {
  return CATEGORIES.find((category) => category === value) ?? null;
}

/** A category page's path (`/?category=Flour+Sweets`), the same whether the browser or the server (canonical) writes it. */
export function categoryPath(category: Category): string {
  return `/?${new URLSearchParams({ [CATEGORY_PARAM]: category })}`;
}

/** A category page's title and description, written by the server for crawlers and by the browser on navigation. */
export function categoryPage(category: Category): { title: string; description: string } {
  return {
    title: category,
    description: `${category} (${CATEGORY_BLURBS[category].toLowerCase()}), handcrafted in small batches and sold by the kilo.`,
  };
}
