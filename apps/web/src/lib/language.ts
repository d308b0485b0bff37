import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from "@mithai/schema";

/** The cookie that remembers a visitor's language (DECISIONS, "Languages"); the server reads it too. */
export const LANGUAGE_COOKIE = "lang";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language a path is in: `/hi/…` Hindi, `/te/…` Telugu, anything else English. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path prefix of a language: "" for English (the unprefixed paths the spec documents), "/hi" and "/te". */
export const basenameOf = (language: Language): string => (language === DEFAULT_LANGUAGE ? "" : `/${language}`);

/** The same page in another language: `/hi/cart` → `/te/cart`, `/product/x` → `/hi/product/x`, `/te` → `/`. */
export function pathInLanguage(pathname: string, language: Language): string {
  const rest = pathname.slice(basenameOf(languageOfPath(pathname)).length) || "/";
  return `${basenameOf(language)}${rest === "/" && language !== DEFAULT_LANGUAGE ? "/" : rest}`;
}

export function rememberLanguage(language: Language): void {
  document.cookie = [`${LANGUAGE_COOKIE}=${language}`, "path=/", `max-age=${ONE_YEAR_SECONDS}`, "samesite=lax"].join(";");
}

export { LANGUAGES };
