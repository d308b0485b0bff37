import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { FoodItem } from "@mithai/schema";
import { useCart } from "../lib/cart";
import { FoodCard } from "./FoodCard";

/** Three other sweets; ticked ones go into the cart at 1 kg each, then the customer lands on the cart (SPEC §4). */
export function SuggestedItems({ items }: { items: FoodItem[] }) {
  const { t } = useLingui();
  const { change } = useCart();
  const navigate = useNavigate();
  const [included, setIncluded] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const count = included.size;

  const toggle = (id: string) => {
    const next = new Set(included);
    if (!next.delete(id)) next.add(id);
    setIncluded(next);
  };

  const addIncluded = async () => {
    setBusy(true);
    let allAdded = true;
    for (const id of included) allAdded = (await change({ kind: "add", itemId: id, quantity: 1 })) && allAdded;
    setBusy(false);
    if (allAdded) void navigate("/cart");
  };

  return (
    <section className="section" aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" className="section-title"><Trans>Suggested Items</Trans></h2>
      <div className="food-grid suggested">
        {items.map((other) => (
          <div key={other._id} className="suggested-item">
            <FoodCard item={other} />
            <label className={`include${included.has(other._id) ? " checked" : ""}`}>
              <input type="checkbox" checked={included.has(other._id)} onChange={() => toggle(other._id)} />
              <span>{included.has(other._id) ? t`Included` : t`Include`}</span>
              <span className="visually-hidden"> {other.name}</span>
            </label>
          </div>
        ))}
      </div>
      <button type="button" className="button button-primary suggested-add" disabled={included.size === 0 || busy} onClick={addIncluded}>
        {included.size === 0 ? t`Tick sweets to add them` : t`Add ${count} to cart (1 kg each)`}
      </button>
    </section>
  );
}
