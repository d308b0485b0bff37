import { Link, useSearchParams } from "react-router";
import { formatRupees } from "@mithai/schema/money";
import { DISCOUNT_PAISE, ordersUntilDiscount, orderNumberOf } from "@mithai/schema/order";
import { useDocumentTitle } from "../lib/use-document-title";
import "./checkout.css";

const DISCOUNT = formatRupees(DISCOUNT_PAISE / 100);

/** /verify: the payment result (SPEC §2), read from the query string the order page sets. */
export function VerifyPage() {
  const [params] = useSearchParams();
  const success = params.get("success") === "true";
  useDocumentTitle(success ? "Order confirmed" : params.get("reason") === "unverified" ? "Confirming payment" : "Payment failed");

  if (!success) return <PaymentNotConfirmed reason={params.get("reason")} orderId={params.get("orderId")} paymentId={params.get("paymentId")} />;

  const name = params.get("name");
  const orderId = params.get("orderId") ?? "";
  const discounted = params.get("discount") === "true";
  const remaining = ordersUntilDiscount(Number(params.get("orderCount")) || 0);
  return (
    <section className="container section narrow center verify" aria-labelledby="verify-title">
      <h1 id="verify-title">Payment successful!</h1>
      <p>
        {name ? `Thank you, ${name}! ` : "Thank you! "}Your order {orderId && <strong>{orderNumberOf(orderId)}</strong>} is confirmed. We have
        e-mailed you the details.
      </p>
      {discounted && <p className="discount-badge">{DISCOUNT} OFF was applied to this order.</p>}
      <p className="note">
        Get {DISCOUNT} OFF on your 2nd order in a month: {remaining} more {remaining === 1 ? "order" : "orders"} needed.
      </p>
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
  if (reason === "declined") {
    return (
      <section className="container section narrow center verify verify-failed" aria-labelledby="verify-title">
        <h1 id="verify-title">Your payment was declined</h1>
        <p>Nothing was charged. Your cart is kept: you can try again, with another card or UPI.</p>
        <div className="verify-actions">
          <Link to="/order" className="button button-primary">
            Try again
          </Link>
          <Link to="/cart" className="button button-secondary">
            Return to Cart
          </Link>
        </div>
      </section>
    );
  }
  if (reason === "unverified") {
    return (
      <section className="container section narrow center verify verify-pending" aria-labelledby="verify-title">
        <h1 id="verify-title">We are confirming your payment</h1>
        <p>
          We could not confirm your payment yet, so we are checking with the bank. There is nothing you need to do: your order updates by itself within a
          few minutes, and if it was paid you will find it in My Orders and get the receipt by e-mail. If it was not, nothing stays charged.
        </p>
        <dl className="verify-reference" aria-label="Reference">
          {orderId && (
            <div>
              <dt>Order</dt>
              <dd>{orderNumberOf(orderId)}</dd>
            </div>
          )}
          {paymentId && (
            <div>
              <dt>Payment ID</dt>
              <dd>{paymentId}</dd>
            </div>
          )}
        </dl>
        <p className="note">Please quote these if you contact us.</p>
        <AfterOrderActions />
      </section>
    );
  }
  return (
    <section className="container section narrow center verify verify-failed" aria-labelledby="verify-title">
      <h1 id="verify-title">Oops! Something went wrong.</h1>
      <p>Your payment could not be verified. If the amount was deducted, please contact support with the payment ID.</p>
      <Link to="/cart" className="button button-primary">
        Return to Cart
      </Link>
    </section>
  );
}

/** Where a customer goes once the order is (or will be) paid. */
function AfterOrderActions() {
  return (
    <div className="verify-actions">
      <Link to="/user-dashboard/my-orders" className="button button-primary">
        View my orders
      </Link>
      <Link to="/" className="button button-secondary">
        Continue shopping
      </Link>
    </div>
  );
}
