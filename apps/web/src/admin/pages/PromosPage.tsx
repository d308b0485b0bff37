import "./admin-pages.css";
import type { FormEvent } from "react";
import type { PromoCode, PromoKind } from "@mithai/schema";
import { formatRupees, shopDay } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { EditorButtons, EntryButtons, useKitchenEditor, withToast } from "./KitchenEditor";
import { toast } from "react-toastify";
import { MoneyInput, moneyText } from "../owner/MoneyInput";

const MIN_SUBTOTAL_RULES = { label: "The minimum subtotal", min: 0, max: 100_000, optional: true };
const FLAT_VALUE_RULES = { label: "Rupees off", min: 1, max: 100_000 };

interface PromoForm {
  code: string;
  kind: PromoKind;
  value: string;
  minSubtotal: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

const EMPTY: PromoForm = { code: "", kind: "percent", value: "", minSubtotal: "", validFrom: "", validTo: "", maxUses: "", maxUsesPerCustomer: "", active: true };
const kolkataDay = (iso: string | null) => (iso ? shopDay(new Date(iso)) : "");

const formOf = (promo: PromoCode): PromoForm => ({
  code: promo.code,
  kind: promo.kind,
  value: String(promo.value),
  minSubtotal: promo.minSubtotal ? String(promo.minSubtotal) : "",
  validFrom: kolkataDay(promo.validFrom),
  validTo: kolkataDay(promo.validTo),
  maxUses: promo.maxUses === null ? "" : String(promo.maxUses),
  maxUsesPerCustomer: promo.maxUsesPerCustomer === null ? "" : String(promo.maxUsesPerCustomer),
  active: promo.active,
});

/** /admin/promos: the shop's promo codes with their uses so far (and any overrun from late payments). */
export function PromosPage() {
  useDocumentTitle("Promo codes");
  const utils = adminTrpc.useUtils();
  const promos = adminTrpc.admin.promos.useQuery();
  const settle = { onSettled: () => utils.admin.promos.invalidate() };
  const create = adminTrpc.admin.createPromo.useMutation(settle);
  const update = adminTrpc.admin.updatePromo.useMutation(settle);
  const remove = adminTrpc.admin.deletePromo.useMutation(settle);
  const editor = useKitchenEditor<PromoForm>(EMPTY);
  const { editing, form, set, setForm } = editor;

  async function save(event: FormEvent) {
    event.preventDefault();
    const minSubtotal = moneyText(form.minSubtotal, MIN_SUBTOTAL_RULES);
    const value = form.kind === "flat" ? moneyText(form.value, FLAT_VALUE_RULES) : { ok: true as const, text: form.value };
    if (!minSubtotal.ok || !value.ok) {
      toast.error(!minSubtotal.ok ? minSubtotal.message : !value.ok ? value.message : "");
      return;
    }
    const promo = { ...form, minSubtotal: minSubtotal.text, value: value.text };
    const saved = await withToast(
      () => (editing ? update.mutateAsync({ id: editing, promo }) : create.mutateAsync(promo)),
      `Promo code ${form.code.toUpperCase()} saved`,
      "Could not save the promo code",
    );
    if (saved) editor.reset();
  }

  async function drop(promo: PromoCode) {
    if (!window.confirm(`Delete promo code ${promo.code}?`)) return;
    await withToast(() => remove.mutateAsync({ id: promo._id }), `Promo code ${promo.code} deleted`, "Could not delete the promo code");
  }

  return (
    <section className="admin-page">
      <h1>Promo codes</h1>
      <p className="hint">Codes are case-insensitive. A code and the ₹150 monthly discount never stack: the larger applies. Uses are counted when an order is paid.</p>
      <form className="kitchen-form" onSubmit={(event) => void save(event)} aria-label={editing ? "Edit promo code" : "New promo code"}>
        <label>
          Code
          <input required value={form.code} onChange={set("code")} placeholder="DIWALI10" />
        </label>
        <label>
          Kind
          <select value={form.kind} onChange={set("kind")}>
            <option value="percent">Percent off</option>
            <option value="flat">Flat ₹ off</option>
          </select>
        </label>
        <label>
          {form.kind === "percent" ? "Percent" : "Rupees off"}
          <input required inputMode="decimal" value={form.value} onChange={set("value")} />
        </label>
        <label>
          Minimum subtotal (₹)
          <MoneyInput rules={MIN_SUBTOTAL_RULES} value={form.minSubtotal} onValueChange={(minSubtotal) => setForm((current) => ({ ...current, minSubtotal }))} placeholder="none" />
        </label>
        <label>
          Valid from
          <input type="date" value={form.validFrom} onChange={set("validFrom")} />
        </label>
        <label>
          Valid to
          <input type="date" value={form.validTo} onChange={set("validTo")} />
        </label>
        <label>
          Total uses
          <input inputMode="numeric" value={form.maxUses} onChange={set("maxUses")} placeholder="no limit" />
        </label>
        <label>
          Uses per customer
          <input inputMode="numeric" value={form.maxUsesPerCustomer} onChange={set("maxUsesPerCustomer")} placeholder="no limit" />
        </label>
        <label>
          <span>
            <input type="checkbox" checked={form.active} onChange={(event) => setForm((current) => ({ ...current, active: event.target.checked }))} /> Active
          </span>
        </label>
        <EditorButtons editing={editing !== null} addLabel="Add code" saveLabel="Save code" onCancel={editor.reset} />
      </form>
      {promos.isPending ? (
        <p aria-busy="true">Loading promo codes...</p>
      ) : promos.isError ? (
        <p role="alert">Could not load the promo codes. Please try again.</p>
      ) : promos.data.length === 0 ? (
        <p>No promo codes yet.</p>
      ) : (
        <ul className="kitchen-list">
          {promos.data.map((promo) => (
            <li key={promo._id} className="kitchen-card" aria-label={`Promo code ${promo.code}`}>
              <h2>
                {promo.code} {!promo.active && <span className="muted">(inactive)</span>}
              </h2>
              <p className="kitchen-facts">
                {promo.kind === "percent" ? `${promo.value}% off` : `${formatRupees(promo.value)} off`}
                {promo.minSubtotal > 0 && ` · from ${formatRupees(promo.minSubtotal)}`}
                {(promo.validFrom || promo.validTo) && ` · valid ${kolkataDay(promo.validFrom) || "now"} to ${kolkataDay(promo.validTo) || "always"}`}
                {promo.maxUsesPerCustomer !== null && ` · ${promo.maxUsesPerCustomer} per customer`}
              </p>
              <p className="kitchen-facts">
                Used {promo.uses}
                {promo.maxUses !== null && ` of ${promo.maxUses}`}
                {promo.pending > 0 && ` · ${promo.pending} awaiting payment`}
                {promo.overrun > 0 && <span className="overrun"> · {promo.overrun} over the limit (late payments honoured)</span>}
              </p>
              <EntryButtons onEdit={() => editor.edit(promo._id, formOf(promo))} onRemove={() => void drop(promo)} removeLabel="Delete" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
