import { useState, type FormEvent } from "react";
import type { PaymentFilter } from "@mithai/schema";
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from "@mithai/schema";

export interface OrderFilterValues {
  payment: PaymentFilter;
  status: OrderStatus | "";
  from: string;
  to: string;
  q: string;
}

export const EMPTY_FILTERS: OrderFilterValues = { payment: "paid", status: "", from: "", to: "", q: "" };

/** The filters as `admin.orders` and `admin.ordersCsv` take them: the ones given, trimmed. */
export function filtersInput({ payment, status, from, to, q }: OrderFilterValues): { payment: PaymentFilter; status?: OrderStatus; from?: string; to?: string; q?: string } {
  const given = (value: string) => value.trim() || undefined;
  return { payment, status: status || undefined, from: given(from), to: given(to), q: given(q) };
}

/** Status, payment state, shop-time date range and a search box; applied together on submit. */
export function OrderFiltersForm({ value, onApply }: { value: OrderFilterValues; onApply: (next: OrderFilterValues) => void }) {
  const [draft, setDraft] = useState(value);
  const set = (field: keyof OrderFilterValues) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className="order-filters" onSubmit={submit} role="search" aria-label="Filter orders">
      <label>
        Search
        <input type="search" placeholder="Order number, name, e-mail or mobile" value={draft.q} onChange={set("q")} />
      </label>
      <label>
        Status
        <select value={draft.status} onChange={set("status")}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => <option key={status}>{status}</option>)}
        </select>
      </label>
      <label>
        Payment
        <select value={draft.payment} onChange={set("payment")}>
          {PAYMENT_STATUSES.map((payment) => <option key={payment} value={payment}>{payment[0]!.toUpperCase() + payment.slice(1)}</option>)}
          <option value="all">All</option>
        </select>
      </label>
      <label>
        From
        <input type="date" value={draft.from} onChange={set("from")} />
      </label>
      <label>
        To
        <input type="date" value={draft.to} onChange={set("to")} />
      </label>
      <div className="filter-actions">
        <button type="submit" className="btn-small">Apply</button>
        <button
          type="button"
          className="btn-small ghost"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          Reset
        </button>
      </div>
    </form>
  );
}
