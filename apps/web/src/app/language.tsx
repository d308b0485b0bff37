import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { Language } from "@mithai/schema";
import { activateLanguage } from "../lib/i18n";
import { basenameOf, pathInLanguage, rememberLanguage } from "../lib/language";

interface LanguageState {
  language: Language;
  /** Shows the same page in another language: loads its catalogue, moves to its prefix, remembers the choice. */
  switchLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage outside <LanguageRoot>");
  return state;
}

/**
 * The page's language, from its path prefix. `children` gets the router basename ("" or "/hi", "/te"), so every
 * `<Link to="/cart">` and `navigate("/cart")` stays in the language; a switch remounts the router under the new one.
 */
export function LanguageRoot({ initial, children }: { initial: Language; children: (basename: string, language: Language) => ReactNode }) {
  const [language, setLanguage] = useState(initial);
  const switchLanguage = useCallback(async (next: Language) => {
    rememberLanguage(next);
    await activateLanguage(next);
    const { pathname, search, hash } = window.location;
    window.history.pushState(null, "", `${pathInLanguage(pathname, next)}${search}${hash}`);
    setLanguage(next);
  }, []);
  const state = useMemo(() => ({ language, switchLanguage }), [language, switchLanguage]);
  return <LanguageContext value={state}>{children(basenameOf(language), language)}</LanguageContext>;
}
