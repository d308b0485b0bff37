import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { formatRupees } from "../lib/format";
import { DISCOUNT_PAISE, orderNumberOf, ordersUntilDiscount } from "@mithai/schema";
import { useDocumentTitle } from "../lib/use-document-title";
import "./checkout.css";

/** /verify: the payment result (SPEC §2), read from the query string the order page sets. */
export function VerifyPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const success = params.get("success") === "true";
  useDocumentTitle(success ? t`Order confirmed` : params.get("reason") === "unverified" ? t`Confirming payment` : t`Payment failed`);

  if (!success) return <PaymentNotConfirmed reason={params.get("reason")} orderId={params.get("orderId")} paymentId={params.get("paymentId")} />;

  const name = params.get("name");
  const orderId = params.get("orderId") ?? "";
  const discounted = params.get("discount") === "true";
  const discount = formatRupees(DISCOUNT_PAISE / 100);
  const orderNumber = orderId ? orderNumberOf(orderId) : "";
  const remaining = ordersUntilDiscount(Number(params.get("orderCount")) || 0);
  return (
    <section className="container section narrow center verify" aria-labelledby="verify-title">
      <h1 id="verify-title">
        <Trans>Payment successful!</Trans>
      </h1>
      <p>
        {name ? t`Thank you, ${name}!` : t`Thank you!`}{" "}
        <Trans>
          Your order <strong>{orderNumber}</strong> is confirmed. We have e-mailed you the details.
        </Trans>
      </p>
      {/* One plain sentence about the ₹150: saved now, or waiting on the next order this month, or nothing. */}
      {discounted ? (
        <p className="discount-badge">
          <Trans>You saved {discount} on this order, your 2nd this month.</Trans>
        </p>
      ) : (
        remaining > 0 && (
          <p className="note">
            <Trans>Order again this month and your next order gets {discount} off.</Trans>
          </p>
        )
      )}
      <AfterOrderActions />
    </section>
  );
}

/**
 * The failure variant, saying what happened: a declined payment charged nothing and the cart is kept; a payment the
 * shop could not confirm is being checked with the bank and the order updates by itself (the reconciler), with the
 * references to quote. Anything else keeps SPEC §2's words.
 */
function PaymentNotConfirmed({ reason, orderId, paymentId }: { reason: string | null; orderId: string | null; paymentId: string | null }) {
  const { t } = useLingui();
  if (reason === "declined") {
    return (
      <section className="container section narrow center verify verify-failed" aria-labelledby="verify-title">
        <h1 id="verify-title">
          <Trans>Your payment was declined</Trans>
        </h1>
        <p>
          <Trans>Nothing was charged. Your cart is kept: you can try again, with another card or UPI.</Trans>
        </p>
        <div className="verify-actions">
          <Link to="/order" className="button button-primary">
            <Trans>Try again</Trans>
          </Link>
          <Link to="/cart" className="button button-secondary">
            <Trans>Return to Cart</Trans>
          </Link>
        </div>
      </section>
    );
  }
  if (reason === "unverified") {
    return (
      <section className="container section narrow center verify verify-pending" aria-labelledby="verify-title">
        <h1 id="verify-title">
          <Trans>We are confirming your payment</Trans>
        </h1>
        <p>
          <Trans>
            We could not confirm your payment yet, so we are checking with the bank. There is nothing you need to do: your order updates by itself
            within a few minutes, and if it was paid you will find it in My Orders and get the receipt by e-mail. If it was not, nothing stays charged.
          </Trans>
        </p>
        <dl className="verify-reference" aria-label={t`Reference`}>
          {orderId && (
            <div>
              <dt>
                <Trans>Order</Trans>
              </dt>
              <dd>{orderNumberOf(orderId)}</dd>
            </div>
          )}
          {paymentId && (
            <div>
              <dt>
                <Trans>Payment ID</Trans>
              </dt>
              <dd>{paymentId}</dd>
            </div>
          )}
        </dl>
        <p className="note">
          <Trans>Please quote these if you contact us.</Trans>
        </p>
        <AfterOrderActions />
      </section>
    );
  }
  return (
    <section className="container section narrow center verify verify-failed" aria-labelledby="verify-title">
      <h1 id="verify-title">
        <Trans>Oops! Something went wrong.</Trans>
      </h1>
      <p>
        <Trans>Your payment could not be verified. If the amount was deducted, please contact support with the payment ID.</Trans>
      </p>
      <Link to="/cart" className="button button-primary">
        <Trans>Return to Cart</Trans>
      </Link>
    </section>
  );
}

/** Where a customer goes once the order is (or will be) paid. */
function AfterOrderActions() {
  return (
    <div className="verify-actions">
      <Link to="/user-dashboard/my-orders" className="button button-primary">
        <Trans>View my orders</Trans>
      </Link>
      <Link to="/" className="button button-secondary">
        <Trans>Continue shopping</Trans>
      </Link>
    </div>
  );
}
