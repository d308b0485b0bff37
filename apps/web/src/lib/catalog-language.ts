import type { Language } from "@mithai/schema";
import { activeLanguage } from "./i18n";

/**
 * The `lang` the catalogue queries take (DECISIONS, "Languages"): the page's language, left out in English so the
 * English list stays the one public, cached GET every visitor shares.
 */
export function catalogLang(): { lang: Language } | undefined {
  const lang = activeLanguage();
  return lang === "en" ? undefined : { lang };
}
