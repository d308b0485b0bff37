/** Cookie consent (SPEC §3): the banner stores and sends one of these; "necessary" keeps only what the shop needs to work. */
export const CONSENT_ACCEPTED = "accepted";
export const CONSENT_NECESSARY = "necessary";
export const CONSENT_STATUSES = [CONSENT_ACCEPTED, CONSENT_NECESSARY] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/**
 * The choice is also kept in a cookie of this name (same value), so the server holds back the admin's tag snippets
 * (a product's googleTagHead and googleTagBody) from a visitor who chose "necessary" only.
 */
export const CONSENT_COOKIE = "cookieConsent";
