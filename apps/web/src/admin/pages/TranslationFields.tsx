import { LabelledControl } from "./LabelledControl";
import { type ItemTranslation, type ItemTranslations, TRANSLATED_LANGUAGES, type TranslatedLanguage } from "@mithai/schema";

const TEXTS = ["name", "description", "ingredients", "healthBenefits", "q1", "a1", "q2", "a2"] as const;
export type TranslationValues = Record<TranslatedLanguage, Record<(typeof TEXTS)[number], string>>;

const LANGUAGE_LABELS: Record<TranslatedLanguage, string> = { hi: "Hindi (हिन्दी)", te: "Telugu (తెలుగు)" };

export function initialTranslations(translations: ItemTranslations | undefined): TranslationValues {
  const of = (lang: TranslatedLanguage) => {
    const t = translations?.[lang];
    return {
      name: t?.name ?? "",
      description: t?.description ?? "",
      ingredients: t?.ingredients ?? "",
      healthBenefits: t?.healthBenefits ?? "",
      q1: t?.faq?.[0]?.question ?? "",
      a1: t?.faq?.[0]?.answer ?? "",
      q2: t?.faq?.[1]?.question ?? "",
      a2: t?.faq?.[1]?.answer ?? "",
    };
  };
  return { hi: of("hi"), te: of("te") };
}

/**
 * The form's `translations` field: the fields typed in each language (an empty one shows the English), the FAQ when
 * any of it is typed; `{}` when none, which clears what the item had.
 */
export function translationsOf(values: TranslationValues): ItemTranslations {
  const translations: ItemTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const v = values[lang];
    const translation: ItemTranslation = {};
    for (const field of ["name", "description", "ingredients", "healthBenefits"] as const) if (v[field].trim()) translation[field] = v[field].trim();
    if ([v.q1, v.a1, v.q2, v.a2].some((text) => text.trim())) {
      translation.faq = [
        { question: v.q1, answer: v.a1 },
        { question: v.q2, answer: v.a2 },
      ];
    }
    if (Object.keys(translation).length > 0) translations[lang] = translation;
  }
  return translations;
}

interface TranslationFieldsProps {
  values: TranslationValues;
  onChange: (lang: TranslatedLanguage, field: (typeof TEXTS)[number], value: string) => void;
}

/** The item's optional Hindi and Telugu fields, one collapsed section a language (open when it has any). */
export function TranslationFields({ values, onChange }: TranslationFieldsProps) {
  return (
    <fieldset>
      <legend>Translations (optional)</legend>
      <p className="hint">Empty fields show the English on the Hindi and Telugu pages.</p>
      {TRANSLATED_LANGUAGES.map((lang) => {
        const v = values[lang];
        const text = (field: (typeof TEXTS)[number]) => ({ lang, value: v[field], onChange: (event: { target: { value: string } }) => onChange(lang, field, event.target.value) });
        return (
          <details key={lang} className="translation" open={Object.values(v).some(Boolean) || undefined}>
            <summary>{LANGUAGE_LABELS[lang]}</summary>
            <div className="translation-fields">
            <LabelledControl label={`Name in ${LANGUAGE_LABELS[lang]}`}>{(id) => <input id={id} maxLength={120} {...text("name")} />}</LabelledControl>
            <LabelledControl label={`Description in ${LANGUAGE_LABELS[lang]}`}>{(id) => <textarea id={id} rows={3} maxLength={5000} {...text("description")} />}</LabelledControl>
            <LabelledControl label={`Ingredients in ${LANGUAGE_LABELS[lang]}`}>{(id) => <textarea id={id} rows={2} maxLength={5000} {...text("ingredients")} />}</LabelledControl>
            <LabelledControl label={`Health benefits in ${LANGUAGE_LABELS[lang]}`}>{(id) => <textarea id={id} rows={2} maxLength={5000} {...text("healthBenefits")} />}</LabelledControl>
            {([1, 2] as const).map((n) => (
              <div key={n} className="faq-pair">
                <LabelledControl label={`Question ${n} in ${LANGUAGE_LABELS[lang]}`}>{(id) => <input id={id} maxLength={500} {...text(`q${n}`)} />}</LabelledControl>
                <LabelledControl label={`Answer ${n} in ${LANGUAGE_LABELS[lang]}`}>{(id) => <textarea id={id} rows={2} maxLength={2000} {...text(`a${n}`)} />}</LabelledControl>
              </div>
            ))}
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}
