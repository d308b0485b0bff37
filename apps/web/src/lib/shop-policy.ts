import { t } from "@lingui/core/macro";

/** packages/schema/src/pages.ts's SHOP_POLICY and SHOP_TIMINGS in the page's language. */
export function shopPolicyText() {
  return {
    processingTime: t`1-2 business days`,
    deliveryTime: t`2-4 business days`,
    deliveryHours: t`10 AM-7 PM, Monday to Saturday`,
    orderChangeWindow: t`1 hour`,
    damageReportWindow: t`24 hours`,
    timings: shopTimingsText(),
  };
}

/** packages/schema/src/shop.ts's SHOP_TIMINGS in the page's language (the footer says it on every page). */
export const shopTimingsText = (): string => t`10 AM to 7 PM every day`;
