import { CONSENT_ACCEPTED, CONSENT_COOKIE, CONSENT_STATUSES, type ConsentStatus, STORAGE_KEYS } from "@mithai/schema";

/** The visitor's stored choice, if any. */
export function cookieConsent(): ConsentStatus | null {
  const stored = localStorage.getItem(STORAGE_KEYS.cookieConsent);
  return CONSENT_STATUSES.find((status) => status === stored) ?? null;
}

/** Whether the visitor has chosen (either way): the banner is not shown again. */
export function hasCookieConsent(): boolean {
  return cookieConsent() !== null;
}

/** Whether the visitor accepted more than the necessary cookies. */
export function acceptedAllCookies(): boolean {
  return cookieConsent() === CONSENT_ACCEPTED;
}

/**
 * Stores the visitor's choice ("accepted", or "necessary" only) and records it on the server, which notes the
 * address it sees. The banner closes either way: a failed call is only logged (SPEC §7).
 */
export function chooseCookies(status: ConsentStatus): void {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, status);
  writeConsentCookie(status);
  fetch("/api/consent", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ consentStatus: status }),
  })
    .then((res) => {
      if (!res.ok) console.error(`Recording cookie consent failed: HTTP ${res.status}`);
    })
    .catch((error: unknown) => console.error("Recording cookie consent failed", error));
}

/** The choice as a cookie too, for a year: the server leaves the tag snippets out of the pages of a "necessary" visitor. */
function writeConsentCookie(status: ConsentStatus): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes, not text anyone reads
  document.cookie = `${CONSENT_COOKIE}=${status}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
}

/** A choice stored before the cookie existed (or with the cookie since cleared) gets its cookie back. */
export function syncConsentCookie(): void {
  const status = cookieConsent();
  if (status && !document.cookie.split("; ").includes(`${CONSENT_COOKIE}=${status}`)) writeConsentCookie(status);
}
