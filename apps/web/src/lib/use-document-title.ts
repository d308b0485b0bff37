import { useEffect } from "react";
import { SHOP_NAME } from "./shop";

/** Sets the page title as "<title> | <shop>" (or the shop's own title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} — handcrafted Indian sweets`;
  }, [title]);
}
