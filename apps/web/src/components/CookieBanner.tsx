import { useState } from "react";
import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema/pages";
import { acceptCookies, hasCookieConsent } from "../lib/cookie-consent";

/** SPEC §2: 'Cookies and Tracking' with Accept, shown until consent is stored. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasCookieConsent);
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container cookie-banner-inner">
        <div>
          <h2 id="cookie-banner-title" className="cookie-banner-title">Cookies and Tracking</h2>
          <p className="cookie-banner-text">
            <span className="cookie-banner-long">We use cookies and your browser's storage to keep you signed in, remember your cart and understand how the shop is used. </span>
            <span className="cookie-banner-short">Cookies keep you signed in and your cart saved. </span>
            <Link to={STATIC_PAGES.privacy.path}>How we use your data</Link>
          </p>
        </div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            acceptCookies();
            setAccepted(true);
          }}
        >
          Accept
        </button>
      </div>
    </section>
  );
}
