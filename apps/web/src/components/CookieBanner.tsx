import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CONSENT_ACCEPTED, CONSENT_NECESSARY, type ConsentStatus, STATIC_PAGES } from "@mithai/schema";
import { chooseCookies, hasCookieConsent, syncConsentCookie } from "../lib/cookie-consent";

/** SPEC §2: 'Cookies and Tracking' with Accept (and "Only necessary"), shown until a choice is stored. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasCookieConsent);
  useEffect(syncConsentCookie, []);
  if (accepted) return null;
  const choose = (status: ConsentStatus) => {
    chooseCookies(status);
    setAccepted(true);
  };
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container cookie-banner-inner">
        <div>
          <h2 id="cookie-banner-title" className="cookie-banner-title"><Trans>Cookies and Tracking</Trans></h2>
          <p className="cookie-banner-text">
            <span className="cookie-banner-long"><Trans>We use cookies and your browser's storage to keep you signed in, remember your cart and understand how the shop is used.</Trans> </span>
            <span className="cookie-banner-short"><Trans>Cookies keep you signed in and your cart saved.</Trans> </span>
            <Link to={STATIC_PAGES.privacy.path}><Trans>How we use your data</Trans></Link>
          </p>
        </div>
        <div className="cookie-banner-actions">
          <button type="button" className="button button-secondary" onClick={() => choose(CONSENT_NECESSARY)}>
            <Trans>Only necessary</Trans>
          </button>
          <button type="button" className="button button-primary" onClick={() => choose(CONSENT_ACCEPTED)}>
            <Trans>Accept</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
