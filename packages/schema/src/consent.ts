/** Cookie consent (SPEC §3): the only value the banner stores and sends. */
export const CONSENT_ACCEPTED = "accepted";
export const CONSENT_STATUSES = [CONSENT_ACCEPTED] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
