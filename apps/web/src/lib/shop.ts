import { DEFAULT_CANCEL_WINDOW_MINUTES, DEFAULT_SHOP_NAME } from "@mithai/schema";

/** Minutes after payment in which a customer may cancel (CANCEL_WINDOW_MINUTES; 0 = not online), as the server wrote it. */
export const CANCEL_WINDOW_MINUTES: number = (() => {
  const fromPage = Number(document.querySelector<HTMLMetaElement>('meta[name="cancel-window-minutes"]')?.content);
  return Number.isInteger(fromPage) && fromPage >= 0 ? fromPage : DEFAULT_CANCEL_WINDOW_MINUTES;
})();

/** The brand (SHOP_NAME on the server), which the server writes into the page it serves. */
export const SHOP_NAME: string = (() => {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content;
  return fromPage && !fromPage.includes("%") ? fromPage : DEFAULT_SHOP_NAME;
})();
