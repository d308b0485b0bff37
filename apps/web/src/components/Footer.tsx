import { Link } from "react-router";
import { STATIC_PAGES } from "@mithai/schema/pages";
import { SHOP_TIMINGS } from "@mithai/schema/shop";
import { SHOP_NAME } from "../lib/shop";
import { Logo } from "./Logo";

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <Logo />
          <p className="footer-note">Handcrafted in small batches with pure ghee, jaggery and patience. Sold by weight, packed fresh, delivered free.</p>
        </div>
        <div>
          <h2 className="footer-heading">Timings</h2>
          <p>Open {SHOP_TIMINGS}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="footer-heading">Help</h2>
          <ul className="footer-links">
            <li><Link to={STATIC_PAGES.faq.path}>FAQ</Link></li>
            <li><Link to={STATIC_PAGES.shipping.path}>Shipping &amp; delivery</Link></li>
            <li><Link to={STATIC_PAGES.cancellation.path}>Cancellation &amp; refund</Link></li>
            <li><Link to={STATIC_PAGES.privacy.path}>Privacy policy</Link></li>
            <li><Link to={STATIC_PAGES.terms.path}>Terms &amp; conditions</Link></li>
          </ul>
        </nav>
      </div>
      <p className="container footer-copy">© {new Date().getFullYear()} {SHOP_NAME}. Prices in INR (₹) per kg.</p>
    </footer>
  );
}
