import { Trans } from "@lingui/react/macro";
import { formatRupees } from "../lib/format";

interface OrderAmounts {
  subtotal: number;
  discount: number;
  deliveryCharge: number;
  amount: number;
  promoCode: string | null;
}

/**
 * How a paid order's amount came about, as `<dl>` rows: the subtotal and discount when one was given, the delivery
 * charge, and what was paid. `itemiseDelivery` shows the subtotal also when only delivery was added (the shopper's view).
 */
export function OrderAmountFacts({ order, discountLabel, itemiseDelivery = false }: { order: OrderAmounts; discountLabel: (promoCode: string | null) => string; itemiseDelivery?: boolean }) {
  const itemised = order.discount > 0 || (itemiseDelivery && order.deliveryCharge > 0);
  return (
    <>
      {itemised && (
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{formatRupees(order.subtotal)}</dd>
        </div>
      )}
      {order.discount > 0 && (
        <div>
          <dt>{discountLabel(order.promoCode)}</dt>
          <dd>−{formatRupees(order.discount)}</dd>
        </div>
      )}
      {order.deliveryCharge > 0 && (
        <div>
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd>{formatRupees(order.deliveryCharge)}</dd>
        </div>
      )}
      <div>
        <dt>{itemised ? <Trans>Paid</Trans> : <Trans>Amount</Trans>}</dt>
        <dd>{formatRupees(order.amount)}</dd>
      </div>
    </>
  );
}
