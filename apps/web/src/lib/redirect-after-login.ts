import { DEFAULT_LANGUAGE, STORAGE_KEYS } from "@mithai/schema";
import { pathInLanguage } from "./language";

/** Where a customer lands after signing in when nothing else was asked for (SPEC §4). */
export const DEFAULT_REDIRECT_AFTER_LOGIN = "/cart";
/** The order page: a guest who pressed "Proceed to checkout" continues there once signed in (issue 16). */
export const CHECKOUT_PATH = "/order";

/**
 * Remembers where to return after the next sign-in (e.g. checkout sets the order page before opening the popup), as
 * an unprefixed path: the router adds the page's language when it goes there.
 */
export function setRedirectAfterLogin(path: string): void {
  localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, pathInLanguage(path, DEFAULT_LANGUAGE));
}

/** The stored target (once: it is removed), or the default; only paths on this site are followed. */
export function takeRedirectAfterLogin(): string {
  const stored = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return stored && stored.startsWith("/") && !stored.startsWith("//") ? stored : DEFAULT_REDIRECT_AFTER_LOGIN;
}
