import { Trans, useLingui } from "@lingui/react/macro";
import { windowText } from "../../lib/static-pages";
import { Link } from "react-router";
import { CANCELLATION_POLICY_ALIAS, STATIC_PAGES } from "@mithai/schema";
import { CANCEL_WINDOW_MINUTES, SHOP_NAME } from "../../lib/shop";
import { StaticPage } from "./StaticPage";

export function TermsPage() {
  const { t } = useLingui();
  const cancelWindow = windowText(CANCEL_WINDOW_MINUTES);
  return (
    <StaticPage page="terms" lead={t`These terms apply when you use the ${SHOP_NAME} shop. By placing an order you accept them.`}>
      <h2><Trans>Orders and prices</Trans></h2>
      <p><Trans>
        Sweets are sold by weight in whole kilograms, at the price per kg shown in Indian rupees (₹), taxes included. The amount you pay is the one
        calculated when you place the order; later price changes do not affect it. An order is confirmed only once its payment succeeds.
      </Trans></p>

      <h2><Trans>Payment</Trans></h2>
      <p><Trans>
        All orders are prepaid online through Razorpay. The ₹150 monthly offer applies automatically to your second paid order in a calendar month
        (India time), once per customer per month, and cannot be exchanged for cash.
      </Trans></p>

      <h2><Trans>Delivery</Trans></h2>
      <p><Trans>
        We deliver within India as described in <Link to={STATIC_PAGES.shipping.path}>Shipping and delivery</Link>. Delivery times are estimates; we are
        not responsible for delays caused by an incomplete address or by events beyond our control.
      </Trans></p>

      <h2><Trans>Cancellations and refunds</Trans></h2>
      <p>
        {CANCEL_WINDOW_MINUTES > 0
          ? t`A paid order the kitchen has not started on can be cancelled from My Orders within ${cancelWindow} of payment, and is refunded in full; after that orders cannot be cancelled or refunded.`
          : t`Paid orders cannot be cancelled or refunded online.`}{" "}
        <Trans>
          Damaged or wrong items are replaced when reported in time. The full rules are in our{" "}
          <Link to={CANCELLATION_POLICY_ALIAS}>Cancellation and refund policy</Link>.
        </Trans>
      </p>

      <h2><Trans>Your account</Trans></h2>
      <p><Trans>
        Keep your password to yourself; you are responsible for orders placed from your account. Give true names, addresses and phone numbers so we can
        deliver. We may close accounts used for fraud or abuse.
      </Trans></p>

      <h2><Trans>Reviews</Trans></h2>
      <p><Trans>
        Reviews must be your own honest opinion of a sweet you have tasted. We may remove reviews that are abusive, unlawful, off-topic or advertising.
      </Trans></p>

      <h2><Trans>Content</Trans></h2>
      <p><Trans>Text, photographs and the {SHOP_NAME} name and logo belong to us and may not be reused without our written permission.</Trans></p>

      <h2><Trans>Liability and law</Trans></h2>
      <p><Trans>
        Our liability for an order is limited to its value. Nothing here limits rights you have as a consumer under Indian law. These terms are
        governed by the laws of India, and disputes fall under the jurisdiction of Indian courts.
      </Trans></p>

      <p className="muted"><Trans>
        See also: <Link to={STATIC_PAGES.privacy.path}>Privacy policy</Link>
      </Trans></p>
    </StaticPage>
  );
}
