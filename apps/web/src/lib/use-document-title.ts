import { useEffect } from "react";
import { pageTitle } from "@mithai/schema/pages";
import { SHOP_NAME } from "./shop";

/** Sets the page title as "<title> | <shop>" (or the shop's own title), as the server writes it for crawlers. */
export function useDocumentTitle(title?: string): void {
  useExactDocumentTitle(pageTitle(SHOP_NAME, title));
}

/** Sets a title written whole (a product's SEO title); `undefined` leaves the current one while data loads. */
export function useExactDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
