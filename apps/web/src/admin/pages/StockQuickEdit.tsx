import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import type { FoodItem } from "@mithai/schema";
import { serverMessageOf } from "../../lib/errors";
import { adminTrpc } from "../trpc";
import { parseStockInput } from "../owner/stock-input";

/** The item list's quick edit of the kilograms left (empty: not tracked), saved with admin.setStock. */
export function StockQuickEdit({ item, onSaved }: { item: FoodItem; onSaved: () => void }) {
  const save = adminTrpc.admin.setStock.useMutation();
  const [value, setValue] = useState(item.stockKg === null ? "" : String(item.stockKg));
  const changed = value !== (item.stockKg === null ? "" : String(item.stockKg));

  const parsed = parseStockInput(value);
  const problem = parsed.ok ? null : parsed.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.ok) {
      toast.error(parsed.message);
      return;
    }
    try {
      await save.mutateAsync({ id: item._id, stockKg: parsed.kg });
      toast.success(parsed.kg === null ? `${item.name}: stock not tracked` : `${item.name}: ${parsed.kg} kg in stock`);
      onSaved();
    } catch (error) {
      toast.error(serverMessageOf(error) ?? "Could not save the stock");
    }
  }

  return (
    <form className="stock-edit" onSubmit={(event) => void submit(event)}>
      <input
        aria-label={`Stock of ${item.name} in kg (empty: not tracked)`}
        inputMode="decimal"
        placeholder="not tracked"
        value={value}
        aria-invalid={problem ? true : undefined}
        title={problem ?? undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
      <button type="submit" className="btn-small" disabled={!changed || save.isPending} aria-label={`Save stock of ${item.name}`}>
        Save
      </button>
    </form>
  );
}
