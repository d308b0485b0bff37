import { CONSENT_COOKIE, CONSENT_NECESSARY } from "@mithai/schema";
import type { PageHead } from "./page-shell";

/** Whether the request's cookies say the visitor chose "Only necessary" in the cookie banner. */
export function choseNecessaryOnly(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim() === `${CONSENT_COOKIE}=${CONSENT_NECESSARY}`);
}

/**
 * The page's head as the visitor's cookie choice allows: the admin's tag snippets (Google tags: analytics and
 * advertising) are held back from a visitor who chose "Only necessary"; everything else stays.
 */
export function headForConsent(head: PageHead, cookieHeader: string | undefined): PageHead {
  if (!choseNecessaryOnly(cookieHeader)) return head;
  const { tagHead: _head, tagBody: _body, ...rest } = head;
  return rest;
}
