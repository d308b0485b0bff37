import { t } from "@lingui/core/macro";
import type { STATIC_PAGES } from "@mithai/schema";
import { shopPolicyText } from "./shop-policy";

/** A policy or help page's title and description in the page's language (packages/schema/src/pages.ts has the English). */
export function staticPageText(page: keyof typeof STATIC_PAGES): { title: string; description: string } {
  const policy = shopPolicyText();
  switch (page) {
    case "faq":
      return { title: t`Frequently asked questions`, description: t`Answers about ordering sweets by the kilo, freshness, delivery, payment and changes to an order.` };
    case "shipping":
      return {
        title: t`Shipping and delivery`,
        description: t`Orders are packed within ${policy.processingTime} and delivered within ${policy.deliveryTime}, ${policy.deliveryHours}. The delivery charge depends on the PIN code.`,
      };
    case "cancellation":
      return {
        title: t`Cancellation and refund policy`,
        description: t`Paid orders cannot be cancelled or refunded; damaged or wrong items reported within ${policy.damageReportWindow} with photos are made good.`,
      };
    case "privacy":
      return { title: t`Privacy policy`, description: t`What we collect when you shop with us, why, how long we keep it and the choices you have.` };
    case "terms":
      return { title: t`Terms and conditions`, description: t`The terms that apply when you browse, order and pay on our shop.` };
  }
}

/** "60 minutes" → "1 hour", "90 minutes" stays. */
export function windowText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? t`1 hour` : t`${hours} hours`;
  }
  return t`${minutes} minutes`;
}
