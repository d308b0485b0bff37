import { STORAGE_KEYS } from "@mithai/schema/auth";
import { CONSENT_ACCEPTED } from "@mithai/schema/consent";

export function hasCookieConsent(): boolean {
  return localStorage.getItem(STORAGE_KEYS.cookieConsent) === CONSENT_ACCEPTED;
}

/**
 * Stores the visitor's consent and records it on the server, which notes the address it sees. The
 * banner closes either way: a failed call is only logged (SPEC §7).
 */
export function acceptCookies(): void {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, CONSENT_ACCEPTED);
  fetch("/api/consent", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ consentStatus: CONSENT_ACCEPTED }),
  })
    .then((res) => {
      if (!res.ok) console.error(`Recording cookie consent failed: HTTP ${res.status}`);
    })
    .catch((error: unknown) => console.error("Recording cookie consent failed", error));
}
