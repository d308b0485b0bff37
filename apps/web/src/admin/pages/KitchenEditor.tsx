import { useState } from "react";
import { toast } from "react-toastify";
import { serverMessageOf } from "../../lib/errors";

/**
 * What the delivery-zone and promo-code pages share: one form that adds a new entry or edits the one picked in the
 * list, saved through the admin's tRPC calls with a toast either way.
 */
export function useKitchenEditor<Form>(empty: Form) {
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(empty);
  return {
    editing,
    form,
    setForm,
    set: (field: keyof Form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value })),
    edit: (id: string, values: Form) => {
      setEditing(id);
      setForm(values);
    },
    reset: () => {
      setEditing(null);
      setForm(empty);
    },
  };
}

/** Runs an admin call and says how it went: `done` on success, the server's reason (or `failed`) otherwise. */
export async function withToast(call: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await call();
    toast.success(done);
    return true;
  } catch (error) {
    toast.error(serverMessageOf(error) ?? failed);
    return false;
  }
}

/** The form's buttons: add or save, and cancel while editing. */
export function EditorButtons({ editing, addLabel, saveLabel, onCancel }: { editing: boolean; addLabel: string; saveLabel: string; onCancel: () => void }) {
  return (
    <div className="filter-actions">
      <button type="submit" className="btn-small btn-primary">
        {editing ? saveLabel : addLabel}
      </button>
      {editing && (
        <button type="button" className="btn-small" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** A listed entry's Edit and Remove (or Delete) buttons. */
export function EntryButtons({ onEdit, onRemove, removeLabel }: { onEdit: () => void; onRemove: () => void; removeLabel: string }) {
  return (
    <div className="row-actions">
      <button type="button" className="btn-small" onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="btn-small danger" onClick={onRemove}>
        {removeLabel}
      </button>
    </div>
  );
}
