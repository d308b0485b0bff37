import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { PASSWORD_MIN_LENGTH } from "@mithai/schema";

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /**
   * The server's own rule for the value (`mobileProblem`, `pincodeProblem`): what is wrong in words, or null. An
   * empty field is left to `required`. The browser shows the words instead of its generic "match the format".
   */
  check?: (value: string) => string | null;
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled text input with an optional hint tied to it for screen readers. What is wrong is said in words under
 * the field (when it is left or the form is sent), never only in the browser's bubble.
 */
export function Field({ label, hint, check, ...input }: FieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState("");
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
        aria-describedby={[hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].join(" ").trim() || undefined}
        aria-invalid={problem ? true : undefined}
        {...input}
        onInput={(event) => {
          validate(event.currentTarget);
          if (problem) setProblem(event.currentTarget.validationMessage);
          input.onInput?.(event);
        }}
        onBlur={(event) => {
          if (event.currentTarget.value) setProblem(event.currentTarget.validationMessage);
          input.onBlur?.(event);
        }}
        onInvalid={(event) => {
          // The words go under the field instead of the browser's bubble; the first field in trouble gets the focus.
          event.preventDefault();
          const element = event.currentTarget;
          setProblem(element.validationMessage);
          if (element.form?.querySelector("input:invalid, select:invalid, textarea:invalid") === element) element.focus();
          input.onInvalid?.(event);
        }}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="form-error field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A password being chosen: at least PASSWORD_MIN_LENGTH characters, with the rule shown. */
export function NewPasswordField({ label, name }: { label: string; name: string }) {
  const { t } = useLingui();
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={200}
      hint={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
    />
  );
}
