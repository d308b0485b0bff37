import { z } from "zod";

/**
 * The shop's languages (DECISIONS, "Languages"): English at the unprefixed paths the spec documents, Hindi and Telugu
 * under `/hi/…` and `/te/…`. The admin panel stays English.
 */
export const LANGUAGES = ["en", "hi", "te"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** The languages other than English: an item's translations and the path prefixes. */
export const TRANSLATED_LANGUAGES = ["hi", "te"] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

// Pure: the storefront imports this module for its constants, and must not pull zod into its bundle.
export const languageSchema = /* @__PURE__ */ z.enum(LANGUAGES, { error: "Please choose English, Hindi or Telugu" });

/** The `Intl` locale of each language: Indian grouping (₹1,28,000.50) in every script. */
export const LOCALES: Record<Language, string> = { en: "en-IN", hi: "hi-IN", te: "te-IN" };

/** The name of each language in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी", te: "తెలుగు" };

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The fields of an item an admin may give in Hindi and Telugu (English is the fallback, field by field). */
export interface ItemTranslation {
  name?: string;
  description?: string;
  ingredients?: string;
  healthBenefits?: string;
  faq?: { question: string; answer: string }[];
}
export type ItemTranslations = Partial<Record<TranslatedLanguage, ItemTranslation>>;
