import { i18n, type Messages } from "@lingui/core";
import { type Language, LOCALES } from "@mithai/schema";
import { loadRefusalMessages } from "./errors";

/**
 * Loads a language's compiled catalogue (its own chunk: a visitor downloads only the language they read) and makes it
 * the active one; the page's `<html lang>` follows.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const [{ messages }] = await Promise.all([import(`../locales/${language}.po`) as Promise<{ messages: Messages }>, loadRefusalMessages(language)]);
  i18n.loadAndActivate({ locale: language, locales: LOCALES[language], messages });
  document.documentElement.lang = LOCALES[language];
}

/** The active language, as activated above. */
export const activeLanguage = (): Language => i18n.locale as Language;

/** The `Intl` locale of the active language (en-IN, hi-IN, te-IN). */
export const activeLocale = (): string => LOCALES[activeLanguage()] ?? LOCALES.en;

export { i18n };
