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
  useDocumentTitle(success ? "Order confirmed" : "Payment failed");

  if (!success) {
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
      <div className="verify-actions">
        <Link to="/user-dashboard/my-orders" className="button button-primary">
          View my orders
        </Link>
        <Link to="/" className="button button-secondary">
          Continue shopping
        </Link>
      </div>
    </section>
  );
}
