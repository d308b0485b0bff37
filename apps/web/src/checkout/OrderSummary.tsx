import { Trans, useLingui } from "@lingui/react/macro";
import { stockShortText } from "../lib/order-text";
import { formatRupees } from "../lib/format";
import { activeLanguage } from "../lib/i18n";
import { isReasonCode, MONTHLY_DISCOUNT_LARGER, type CheckoutPreview } from "@mithai/schema";
import { reasonText } from "../lib/errors";
import { quoteSentence } from "../components/DeliveryCheck";

/**
 * Cart totals as the server will charge them: current prices, delivery to the PIN code typed, and the one discount
 * that applies — the month's ₹150 or a promo code, whichever is larger (they never stack), named.
 */
export function OrderSummary({ preview }: { preview: CheckoutPreview }) {
  const { t } = useLingui();
  const discount = formatRupees(preview.discount);
  const discounted = preview.discount > 0 && (preview.discountApplied || preview.promoApplied);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="section-title">
        <Trans>Order summary</Trans>
      </h2>
      <ul className="order-lines">
        {preview.lines.map((line) => (
          <li key={line._id}>
            <span>
              {line.name} × {t`${line.quantity} kg`}
              {line.problem && (
                <span className="form-error order-line-problem" role="alert">
                  {activeLanguage() === "en" || line.stockKg === null ? line.problem : stockShortText(line.name, line.stockKg)}
                </span>
              )}
            </span>
            <span>{formatRupees(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{formatRupees(preview.subtotal)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd>{preview.delivery && !preview.delivery.serviceable ? t`Not available` : preview.deliveryCharge > 0 ? formatRupees(preview.deliveryCharge) : t`Free`}</dd>
        </div>
        {discounted && (
          <div className="order-discount">
            <dt>{preview.promoApplied ? t`Promo code ${preview.promoApplied}` : t`Discount`}</dt>
            <dd>- {formatRupees(preview.discount)}</dd>
          </div>
        )}
        <div className="order-total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{formatRupees(preview.amount)}</dd>
        </div>
      </dl>
      {preview.delivery && (
        <p className={preview.delivery.serviceable ? "note" : "form-error"} role="status">
          {quoteSentence(preview.delivery)}
        </p>
      )}
      {preview.discountApplied && <p className="discount-badge">{t`${discount} OFF Applied`}</p>}
      {preview.promoApplied && (
        <p className="discount-badge">
          {preview.promoApplied}: {t`${discount} OFF Applied`}
        </p>
      )}
      {preview.promoMessage && (
        <p className="note">
          {preview.promoReason === MONTHLY_DISCOUNT_LARGER && activeLanguage() !== "en"
            ? t`Your ₹150 monthly discount is larger than this promo code's, so it applies instead.`
            : reasonText(isReasonCode(preview.promoReason) ? preview.promoReason : null, preview.promoMessage)}
        </p>
      )}
    </section>
  );
}
