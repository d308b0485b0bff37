import { useState } from "react";
import { useNavigate } from "react-router";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "@mithai/schema/cart";
import type { FoodItem } from "@mithai/schema/catalog";
import { useCart } from "../lib/cart";
import { MINIMUM_QUANTITY_MESSAGE } from "@mithai/schema/cart";

/** Quantity stepper, Add (then 'Added') and Proceed to Cart (once added) for one product (SPEC §4). */
export function ProductActions({ item }: { item: FoodItem }) {
  const { change } = useCart();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(MIN_LINE_QUANTITY);
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);
  // No more than is left of a tracked sweet; a sold-out one cannot be added at all.
  const most = item.stockKg === null ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, item.stockKg);

  const decrease = () => {
    if (quantity <= MIN_LINE_QUANTITY) {
      alert(MINIMUM_QUANTITY_MESSAGE);
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
      <div className="stepper" role="group" aria-label="Quantity in kg">
        <button type="button" aria-label="One kg less" onClick={decrease}>
          −
        </button>
        <output aria-live="polite" aria-label="Quantity">
          {quantity} kg
        </output>
        <button type="button" aria-label="One kg more" disabled={quantity >= most} onClick={() => setQuantity(quantity + 1)}>
          +
        </button>
      </div>
      <div className="product-buttons">
        <button type="button" className="button button-primary" disabled={added || busy || item.soldOut} onClick={add}>
          {item.soldOut ? "Sold out" : added ? "Added" : "Add"}
        </button>
        <button type="button" className="button button-secondary" disabled={!added} onClick={() => navigate("/cart")}>
          Proceed to Cart
        </button>
      </div>
    </div>
  );
}
