import { t } from "@lingui/core/macro";
import type { PromoApplyAnswer } from "@mithai/schema";
import { activeLanguage } from "./i18n";
import { formatRupees } from "./format";

/** What an applied code takes off: the server's own sentence in English, a translated one otherwise. */
export function promoAppliedSentence(answer: PromoApplyAnswer): string {
  if (activeLanguage() === "en" || !answer.code) return answer.message;
  const code = answer.code;
  const amount = formatRupees(answer.discount);
  return t`Promo code ${code}: ${amount} off your order.`;
}
