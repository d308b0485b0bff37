import { useId, type ReactNode } from "react";

/** A label tied to any control (input, textarea or select) by a generated id; the shared Field covers text inputs only. */
export function LabelledControl({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
