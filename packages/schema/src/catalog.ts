/**
 * Catalogue facts shared by server and browser (no zod here: the storefront bundle stays small). The item as the API
 * shows it (FoodItem, AdminFoodItem) is declared once, by its contract in contracts/catalog.ts.
 */
export const CATEGORIES = ["Flour Sweets", "Jaggery Sweets", "Stuffed Sweets", "Festive Sweets"] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUGGESTED_ITEMS_COUNT = 3;
export const FAQ_ENTRIES_PER_ITEM = 2;

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface ItemRating {
  average: number | null;
  count: number;
}

export const NO_RATING: ItemRating = { average: null, count: 0 };

/** Storefront search: the longest query. */
export const SEARCH_QUERY_MAX = 80;

/** GST rates an item may carry (percent); sweetmeats are 5 %. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export const DEFAULT_HSN = "21069099";
export const DEFAULT_GST_RATE = 5;

/** Storefront widths kept for every picture besides the main file (WebP). */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** `/images/{name}` → the file for a given width: "abc.webp" → "abc-320w.webp". */
export function imageVariant(image: string, width: number): string {
  return image.replace(/\.webp$/, `-${width}w.webp`);
}

/** Where pictures are served unless the shop has a public address for its bucket (IMAGES_PUBLIC_URL). */
export const DEFAULT_IMAGES_BASE = "/images";

/** `src` and `srcset` of a catalogue picture on the storefront: its WebP copy in every storefront width. */
export function foodImageSources(image: string, base: string = DEFAULT_IMAGES_BASE): { src: string; srcSet: string } {
  return {
    src: `${base}/${imageVariant(image, 640)}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${base}/${imageVariant(image, width)} ${width}w`).join(", "),
  };
}

/**
 * `sizes` of the product page's picture (its largest paint): 480 px beside the text on wide screens, else the
 * container's width. The server's preload hint for that picture uses the same value, so the browser reuses it.
 */
export const PRODUCT_IMAGE_SIZES = "(min-width: 900px) 480px, calc(100vw - 2rem)";

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/g, "");
}
