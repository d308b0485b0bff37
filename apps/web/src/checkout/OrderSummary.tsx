import { formatRupees } from "@mithai/schema/money";
import type { CheckoutPreview } from "@mithai/schema/order";

/** Cart totals as the server will charge them: current prices, free delivery, the month's discount. */
export function OrderSummary({ preview }: { preview: CheckoutPreview }) {
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
          <dd>Free</dd>
        </div>
        {preview.discountApplied && (
          <div className="order-discount">
            <dt>Discount</dt>
            <dd>- {formatRupees(preview.discount)}</dd>
          </div>
        )}
        <div className="order-total">
          <dt>Total</dt>
          <dd>{formatRupees(preview.amount)}</dd>
        </div>
      </dl>
      {preview.discountApplied && <p className="discount-badge">{formatRupees(preview.discount)} OFF Applied</p>}
    </section>
  );
}
