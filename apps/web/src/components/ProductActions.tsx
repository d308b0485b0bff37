import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "@mithai/schema";
import type { FoodItem } from "@mithai/schema";
import { useCart } from "../lib/cart";

/** Quantity stepper, Add (then 'Added') and Proceed to Cart (once added) for one product (SPEC §4). */
export function ProductActions({ item }: { item: FoodItem }) {
  const { t } = useLingui();
  const { change } = useCart();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(MIN_LINE_QUANTITY);
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);
  // No more than is left of a tracked sweet; a sold-out one cannot be added at all.
  const most = item.stockKg === null ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, item.stockKg);

  const decrease = () => {
    if (quantity <= MIN_LINE_QUANTITY) {
      alert(t`Minimum ${MIN_LINE_QUANTITY} kg required to add to cart.`);
      return;
    }
    setQuantity(quantity - 1);
  };

  const add = async () => {
    setBusy(true);
    const done = await change({ kind: "add", itemId: item._id, quantity });
    setBusy(false);
    if (done) setAdded(true);
  };

  return (
    <div className="product-actions">
      <div className="stepper" role="group" aria-label={t`Quantity in kg`}>
        <button type="button" aria-label={t`One kg less`} onClick={decrease}>
          −
        </button>
        <output aria-live="polite" aria-label={t`Quantity`}>
          <Trans>{quantity} kg</Trans>
        </output>
        <button type="button" aria-label={t`One kg more`} disabled={quantity >= most} onClick={() => setQuantity(quantity + 1)}>
          +
        </button>
      </div>
      <div className="product-buttons">
        <button type="button" className="button button-primary" disabled={added || busy || item.soldOut} onClick={add}>
          {item.soldOut ? t`Sold out` : added ? t`Added` : t`Add`}
        </button>
        <button type="button" className="button button-secondary" disabled={!added} onClick={() => navigate("/cart")}>
          <Trans>Proceed to Cart</Trans>
        </button>
      </div>
    </div>
  );
}
