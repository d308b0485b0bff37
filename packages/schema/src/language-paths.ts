// Types only: the storefront's bundle takes these helpers without the contracts' validator.
import type { Language, TranslatedLanguage } from "./languages";

/** The cookie that remembers the shopper's language (DECISIONS, "Languages"): `en`, `hi` or `te`. */
export const LANGUAGE_COOKIE = "lang";

/**
 * The language a storefront path is in and the path without its prefix: `/hi/product/jalebi` → hi,
 * `/product/jalebi`; `/te` → te, `/`; an unprefixed path is English.
 */
export function splitLanguagePath(pathname: string): { lang: Language; path: string } {
  const match = /^\/(hi|te)(\/.*)?$/.exec(pathname);
  if (!match) return { lang: "en", path: pathname };
  return { lang: match[1] as TranslatedLanguage, path: match[2] ?? "/" };
}

/** A storefront path (with its query) in `lang`: English unprefixed, `/hi/…` and `/te/…` otherwise. */
export function pathInLanguage(path: string, lang: Language): string {
  return lang === "en" ? path : `/${lang}${path}`;
}

