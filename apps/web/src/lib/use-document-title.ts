import { useEffect } from "react";
import { t } from "@lingui/core/macro";
import { SHOP_NAME } from "./shop";

/** The shop's description in the page's language (packages/schema/src/pages.ts's SHOP_DESCRIPTION in English). */
export const shopDescription = (): string =>
  t`Handcrafted Indian sweets made fresh in small batches and delivered across India. Laddoos, barfis, katlis and festive favourites, sold by weight.`;

/** packages/schema/src/pages.ts's pageTitle in the page's language: "<title> | <shop>", or the shop's own title. */
export const pageTitle = (title?: string): string => (title ? `${title} | ${SHOP_NAME}` : t`${SHOP_NAME} — handcrafted Indian sweets`);

/**
 * Sets the page title as "<title> | <shop>" (or the shop's own title) and its description, as the server writes them
 * for crawlers, so both follow the page on client-side navigation too; both in the page's language.
 */
export function useDocumentTitle(title?: string, description?: string): void {
  usePageHead(pageTitle(title), description ?? shopDescription());
}

/**
 * Sets a title written whole (a product's SEO title), the description and keywords; `undefined` leaves the head as
 * it is while data loads. Pages without keywords clear a previous page's.
 */
export function usePageHead(title: string | undefined, description?: string, keywords = ""): void {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    setMeta("description", description ?? shopDescription());
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
