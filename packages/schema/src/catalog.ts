/** Catalogue facts shared by server and browser (no zod here: the storefront bundle stays small). */
export const CATEGORIES = ["Flour Sweets", "Jaggery Sweets", "Stuffed Sweets", "Festive Sweets"] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUGGESTED_ITEMS_COUNT = 3;
export const FAQ_ENTRIES_PER_ITEM = 2;

export interface FaqEntry {
  question: string;
  answer: string;
}

/** A food item as every API shows it (SPEC §3); price in rupees per kg. */
export interface FoodItem {
  _id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  image: string;
  category: Category;
  ingredients: string;
  benefits: string;
  faq: FaqEntry[];
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  googleTagHead: string;
  googleTagBody: string;
}

/** Storefront widths kept for every picture besides the main file (WebP). */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** `/images/{name}` → the file for a given width: "abc.webp" → "abc-320w.webp". */
export function imageVariant(image: string, width: number): string {
  return image.replace(/\.webp$/, `-${width}w.webp`);
}

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
