import { useEffect } from "react";
import { pageTitle, SHOP_DESCRIPTION } from "@mithai/schema/pages";
import { SHOP_NAME } from "./shop";

/**
 * Sets the page title as "<title> | <shop>" (or the shop's own title) and its description, as the server writes them
 * for crawlers, so both follow the page on client-side navigation too.
 */
export function useDocumentTitle(title?: string, description: string = SHOP_DESCRIPTION): void {
  usePageHead(pageTitle(SHOP_NAME, title), description);
}

/**
 * Sets a title written whole (a product's SEO title), the description and keywords; `undefined` leaves the head as
 * it is while data loads. Pages without keywords clear a previous page's.
 */
export function usePageHead(title: string | undefined, description?: string, keywords = ""): void {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    setMeta("description", description ?? SHOP_DESCRIPTION);
    setMeta("keywords", keywords);
  }, [title, description, keywords]);
}

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}
