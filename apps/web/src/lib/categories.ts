import { t } from "@lingui/core/macro";
import type { Category } from "@mithai/schema";

/** A family of sweets in the page's language: its name, its tile's line and its page description. */
export function categoryText(category: Category): { name: string; blurb: string; description: string } {
  switch (category) {
    case "Flour Sweets":
      return { name: t`Flour Sweets`, blurb: t`Besan, atta & ghee`, description: t`Flour sweets (besan, atta & ghee), handcrafted in small batches and sold by the kilo.` };
    case "Jaggery Sweets":
      return { name: t`Jaggery Sweets`, blurb: t`Sweetened with gur`, description: t`Jaggery sweets (sweetened with gur), handcrafted in small batches and sold by the kilo.` };
    case "Stuffed Sweets":
      return { name: t`Stuffed Sweets`, blurb: t`Filled with dry fruits`, description: t`Stuffed sweets (filled with dry fruits), handcrafted in small batches and sold by the kilo.` };
    case "Festive Sweets":
      return { name: t`Festive Sweets`, blurb: t`For every celebration`, description: t`Festive sweets (for every celebration), handcrafted in small batches and sold by the kilo.` };
  }
}
