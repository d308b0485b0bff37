import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { PASSWORD_MIN_LENGTH } from "@mithai/schema/auth";

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /**
   * The server's own rule for the value (`mobileProblem`, `pincodeProblem`): what is wrong in words, or null. An
   * empty field is left to `required`. The browser shows the words instead of its generic "match the format".
   */
  check?: (value: string) => string | null;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled text input with an optional hint tied to it for screen readers. */
export function Field({ label, hint, check, ...input }: FieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const validate = (element: HTMLInputElement) => element.setCustomValidity(check && element.value ? (check(element.value) ?? "") : "");
  // A value set by the page (a saved address chosen, a default) is checked as well as one typed.
  useEffect(() => {
    if (ref.current) validate(ref.current);
  });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
        onInput={(event) => {
          validate(event.currentTarget);
          input.onInput?.(event);
        }}
      />
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
