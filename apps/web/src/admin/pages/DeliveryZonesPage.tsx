import "./admin-pages.css";
import type { FormEvent } from "react";
import type { DeliveryZone } from "@mithai/schema";
import { formatRupees } from "@mithai/schema";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { EditorButtons, EntryButtons, useKitchenEditor, withToast } from "./KitchenEditor";
import { toast } from "react-toastify";
import { MoneyInput, moneyText } from "../owner/MoneyInput";

const CHARGE_RULES = { label: "The delivery charge", min: 0, max: 100_000, optional: true };
const FREE_ABOVE_RULES = { label: "Free delivery from", min: 0, max: 100_000, optional: true };

interface ZoneForm {
  name: string;
  pincodes: string;
  charge: string;
  freeAbove: string;
  minDays: string;
  maxDays: string;
}

const EMPTY: ZoneForm = { name: "", pincodes: "", charge: "0", freeAbove: "", minDays: "2", maxDays: "4" };

const formOf = (zone: DeliveryZone): ZoneForm => ({
  name: zone.name,
  pincodes: zone.pincodes.join(", "),
  charge: String(zone.charge),
  freeAbove: zone.freeAbove === null ? "" : String(zone.freeAbove),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
});

/** /admin/delivery-zones: where the kitchen delivers, for how much, and how long it takes. */
export function DeliveryZonesPage() {
  useDocumentTitle("Delivery zones");
  const utils = adminTrpc.useUtils();
  const zones = adminTrpc.admin.deliveryZones.useQuery();
  const settle = { onSettled: () => utils.admin.deliveryZones.invalidate() };
  const create = adminTrpc.admin.createDeliveryZone.useMutation(settle);
  const update = adminTrpc.admin.updateDeliveryZone.useMutation(settle);
  const remove = adminTrpc.admin.deleteDeliveryZone.useMutation(settle);
  const editor = useKitchenEditor<ZoneForm>(EMPTY);
  const { editing, form, set } = editor;

  async function save(event: FormEvent) {
    event.preventDefault();
    const charge = moneyText(form.charge, CHARGE_RULES);
    const freeAbove = moneyText(form.freeAbove, FREE_ABOVE_RULES);
    if (!charge.ok || !freeAbove.ok) {
      toast.error(!charge.ok ? charge.message : !freeAbove.ok ? freeAbove.message : "");
      return;
    }
    const zone = { ...form, charge: charge.text, freeAbove: freeAbove.text };
    const saved = await withToast(() => (editing ? update.mutateAsync({ id: editing, zone }) : create.mutateAsync(zone)), `Zone ${form.name} saved`, "Could not save the zone");
    if (saved) editor.reset();
  }

  async function drop(zone: DeliveryZone) {
    if (!window.confirm(`Stop delivering to ${zone.name}?`)) return;
    await withToast(() => remove.mutateAsync({ id: zone._id }), `Zone ${zone.name} removed`, "Could not remove the zone");
  }

  return (
    <section className="admin-page">
      <h1>Delivery zones</h1>
      <p className="hint">
        A PIN code is served by the zone with its most specific rule: a prefix (<code>500</code>) or a range (<code>500001-500099</code>). PIN codes no zone
        covers cannot order. Delivery days count Monday to Saturday, after the kitchen's 1–2 processing days.
      </p>
      <form className="kitchen-form" onSubmit={(event) => void save(event)} aria-label={editing ? "Edit zone" : "New zone"}>
        <label>
          Name
          <input required value={form.name} onChange={set("name")} />
        </label>
        <label>
          PIN codes (prefixes, ranges)
          <input required value={form.pincodes} onChange={set("pincodes")} placeholder="500, 502001-502099" />
        </label>
        <label>
          Charge (₹)
          <MoneyInput rules={CHARGE_RULES} value={form.charge} onValueChange={(charge) => editor.setForm((current) => ({ ...current, charge }))} />
        </label>
        <label>
          Free from subtotal (₹)
          <MoneyInput rules={FREE_ABOVE_RULES} value={form.freeAbove} onValueChange={(freeAbove) => editor.setForm((current) => ({ ...current, freeAbove }))} placeholder="never" />
        </label>
        <label>
          Min days
          <input inputMode="numeric" value={form.minDays} onChange={set("minDays")} />
        </label>
        <label>
          Max days
          <input inputMode="numeric" value={form.maxDays} onChange={set("maxDays")} />
        </label>
        <EditorButtons editing={editing !== null} addLabel="Add zone" saveLabel="Save zone" onCancel={editor.reset} />
      </form>
      {zones.isPending ? (
        <p aria-busy="true">Loading zones...</p>
      ) : zones.isError ? (
        <p role="alert">Could not load the zones. Please try again.</p>
      ) : zones.data.length === 0 ? (
        <p role="alert">No zones: customers cannot order anywhere until you add one.</p>
      ) : (
        <ul className="kitchen-list">
          {zones.data.map((zone) => (
            <li key={zone._id} className="kitchen-card">
              <h2>{zone.name}</h2>
              <p className="kitchen-facts">
                {zone.pincodes.join(", ")} · {zone.charge === 0 ? "free" : formatRupees(zone.charge)}
                {zone.freeAbove !== null && ` (free from ${formatRupees(zone.freeAbove)})`} · {zone.minDays}–{zone.maxDays} days
              </p>
              <EntryButtons onEdit={() => editor.edit(zone._id, formOf(zone))} onRemove={() => void drop(zone)} removeLabel="Remove" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
