import { formatRupees } from "@mithai/schema/money";
import type { CheckoutPreview } from "@mithai/schema/order";
import { quoteSentence } from "../components/DeliveryCheck";

/**
 * Cart totals as the server will charge them: current prices, delivery to the PIN code typed, and the one discount
 * that applies — the month's ₹150 or a promo code, whichever is larger (they never stack), named.
 */
export function OrderSummary({ preview }: { preview: CheckoutPreview }) {
  const discounted = preview.discount > 0 && (preview.discountApplied || preview.promoApplied);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="section-title">
        Order summary
      </h2>
      <ul className="order-lines">
        {preview.lines.map((line) => (
          <li key={line._id}>
            <span>
              {line.name} × {line.quantity} kg
              {line.problem && (
                <span className="form-error order-line-problem" role="alert">
                  {line.problem}
                </span>
              )}
            </span>
            <span>{formatRupees(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(preview.subtotal)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{preview.delivery && !preview.delivery.serviceable ? "Not available" : preview.deliveryCharge > 0 ? formatRupees(preview.deliveryCharge) : "Free"}</dd>
        </div>
        {discounted && (
          <div className="order-discount">
            <dt>{preview.promoApplied ? `Promo code ${preview.promoApplied}` : "Discount"}</dt>
            <dd>- {formatRupees(preview.discount)}</dd>
          </div>
        )}
        <div className="order-total">
          <dt>Total</dt>
          <dd>{formatRupees(preview.amount)}</dd>
        </div>
      </dl>
      {preview.delivery && (
        <p className={preview.delivery.serviceable ? "note" : "form-error"} role="status">
          {quoteSentence(preview.delivery)}
        </p>
      )}
      {preview.discountApplied && <p className="discount-badge">{formatRupees(preview.discount)} OFF Applied</p>}
      {preview.promoApplied && (
        <p className="discount-badge">
          {preview.promoApplied}: {formatRupees(preview.discount)} OFF Applied
        </p>
      )}
      {preview.promoMessage && <p className="note">{preview.promoMessage}</p>}
    </section>
  );
}
