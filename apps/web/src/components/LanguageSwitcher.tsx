import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "@mithai/schema";
import { useLanguage } from "../app/language";
import { useSaveLanguage } from "../lib/save-language";

/**
 * The language switcher (navbar and footer): the same page in English, हिन्दी or తెలుగు. The choice is remembered in
 * the `lang` cookie and, for a signed-in customer, on the account.
 */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const id = useId();
  const { language, switchLanguage } = useLanguage();
  const saveLanguage = useSaveLanguage();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className="language-select"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          saveLanguage(next);
          void switchLanguage(next);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
