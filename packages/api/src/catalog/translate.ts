import type { AdminFoodItem, FoodItem, ItemTranslation, Language } from "@mithai/schema";

/**
 * An item in `lang`: each text field the admin translated, the English one otherwise, under the spec's field names
 * (`healthBenefits` is the answer's `benefits`). The admin's meta title and description are English: where the name
 * or description is translated they give way to it, so a Hindi page's head is Hindi.
 */
export function itemInLanguage({ translations, ...item }: AdminFoodItem, lang: Language): FoodItem {
  const translation: ItemTranslation | undefined = lang === "en" ? undefined : translations[lang];
  if (!translation) return item;
  return {
    ...item,
    name: translation.name ?? item.name,
    description: translation.description ?? item.description,
    ingredients: translation.ingredients ?? item.ingredients,
    benefits: translation.healthBenefits ?? item.benefits,
    faq: translation.faq ?? item.faq,
    metaTitle: translation.name ? "" : item.metaTitle,
    metaDescription: translation.description ? "" : item.metaDescription,
  };
}
