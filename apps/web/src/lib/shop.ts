import { DEFAULT_SHOP_NAME } from "@mithai/schema/shop";

/** The brand (SHOP_NAME on the server), which the server writes into the page it serves. */
export const SHOP_NAME: string = (() => {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content;
  return fromPage && !fromPage.includes("%") ? fromPage : DEFAULT_SHOP_NAME;
})();
