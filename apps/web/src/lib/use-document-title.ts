import { useEffect } from "react";
import { pageTitle } from "@mithai/schema/pages";
import { SHOP_NAME } from "./shop";

/** Sets the page title as "<title> | <shop>" (or the shop's own title), as the server writes it for crawlers. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(SHOP_NAME, title);
  }, [title]);
}
