import { Trans, useLingui } from "@lingui/react/macro";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema";
import { DeliveryTermsText } from "../lib/delivery-terms";
import { SHOP_NAME } from "../lib/shop";
import { shopTimingsText } from "../lib/shop-policy";
import { Logo } from "./Logo";

export function Footer() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  const timings = shopTimingsText();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <Logo />
          <p className="footer-note">
            <Trans>Handcrafted in small batches with pure ghee, jaggery and patience. Sold by weight, packed fresh.</Trans>
          </p>
          <p className="footer-note footer-delivery">
            <DeliveryTermsText />
          </p>
        </div>
        <div>
          <h2 className="footer-heading">
            <Trans>Timings</Trans>
          </h2>
          <p>
            <Trans>Open {timings}</Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <h2 className="footer-heading">
            <Trans>Help</Trans>
          </h2>
          <ul className="footer-links">
            <li><Link to={STATIC_PAGES.faq.path}>{t`FAQ`}</Link></li>
            <li><Link to={STATIC_PAGES.shipping.path}>{t`Shipping & delivery`}</Link></li>
            <li><Link to={STATIC_PAGES.cancellation.path}>{t`Cancellation & refund`}</Link></li>
            <li><Link to={STATIC_PAGES.privacy.path}>{t`Privacy policy`}</Link></li>
            <li><Link to={STATIC_PAGES.terms.path}>{t`Terms & conditions`}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">
            <Trans>Language</Trans>
          </h2>
          <LanguageSwitcher />
        </div>
      </div>
      <p className="container footer-copy">
        <Trans>
          © {year} {SHOP_NAME}. Prices in INR (₹) per kg.
        </Trans>
      </p>
    </footer>
  );
}
