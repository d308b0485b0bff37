import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { PASSWORD_MIN_LENGTH } from "@mithai/schema/auth";

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

/** A password being chosen: at least PASSWORD_MIN_LENGTH characters, with the rule shown. */
export function NewPasswordField({ label, name }: { label: string; name: string }) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={200}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
    />
  );
}
