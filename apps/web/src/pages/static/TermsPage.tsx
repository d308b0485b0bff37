import { Link } from "react-router";
import { CANCELLATION_POLICY_ALIAS, STATIC_PAGES } from "@mithai/schema/pages";
import { CANCEL_WINDOW_MINUTES, SHOP_NAME } from "../../lib/shop";
import { StaticPage } from "./StaticPage";

export function TermsPage() {
  return (
    <StaticPage page={STATIC_PAGES.terms} lead={`These terms apply when you use the ${SHOP_NAME} shop. By placing an order you accept them.`}>
      <h2>Orders and prices</h2>
      <p>
        Sweets are sold by weight in whole kilograms, at the price per kg shown in Indian rupees (₹), taxes included. The amount you pay is the one
        calculated when you place the order; later price changes do not affect it. An order is confirmed only once its payment succeeds.
      </p>

      <h2>Payment</h2>
      <p>
        All orders are prepaid online through Razorpay. The ₹150 monthly offer applies automatically to your second paid order in a calendar month
        (India time), once per customer per month, and cannot be exchanged for cash.
      </p>

      <h2>Delivery</h2>
      <p>
        We deliver within India as described in <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link>. Delivery times are estimates; we are
        not responsible for delays caused by an incomplete address or by events beyond our control.
      </p>

      <h2>Cancellations and refunds</h2>
      <p>
        {CANCEL_WINDOW_MINUTES > 0
          ? `A paid order the kitchen has not started on can be cancelled from My Orders within ${CANCEL_WINDOW_MINUTES === 60 ? "1 hour" : `${CANCEL_WINDOW_MINUTES} minutes`} of payment, and is refunded in full; after that orders cannot be cancelled or refunded.`
          : "Paid orders cannot be cancelled or refunded online."}{" "}
        Damaged or wrong items are replaced when reported in time. The full rules are in our{" "}
        <Link to={CANCELLATION_POLICY_ALIAS}>Cancellation and refund policy</Link>.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself; you are responsible for orders placed from your account. Give true names, addresses and phone numbers so we can
        deliver. We may close accounts used for fraud or abuse.
      </p>

      <h2>Reviews</h2>
      <p>
        Reviews must be your own honest opinion of a sweet you have tasted. We may remove reviews that are abusive, unlawful, off-topic or advertising.
      </p>

      <h2>Content</h2>
      <p>Text, photographs and the {SHOP_NAME} name and logo belong to us and may not be reused without our written permission.</p>

      <h2>Liability and law</h2>
      <p>
        Our liability for an order is limited to its value. Nothing here limits rights you have as a consumer under Indian law. These terms are
        governed by the laws of India, and disputes fall under the jurisdiction of Indian courts.
      </p>

      <p className="muted">
        See also: <Link to={STATIC_PAGES.privacy.path}>Privacy policy</Link>
      </p>
    </StaticPage>
  );
}
