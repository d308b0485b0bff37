import { useId, type InputHTMLAttributes, type ReactNode } from "react";

type FieldProps = { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled text input with an optional hint tied to it for screen readers. */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
