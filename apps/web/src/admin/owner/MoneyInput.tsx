import { useId, useState, type InputHTMLAttributes } from "react";
import { type MoneyInputRules, parseMoneyInput } from "@mithai/schema";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "pattern" | "type" | "onChange" | "value" | "defaultValue">;

/**
 * The admin's one money box: takes rupees as owners write them ("1,280", "1,28,000.50", "₹549.5"), says what is
 * wrong in words under the box (and to the browser, so the form will not submit), and hands the form its text; read
 * the amount back with `parseMoneyInput` and the same rules.
 */
export function MoneyInput({
  rules,
  value,
  defaultValue,
  onValueChange,
  ...native
}: NativeProps & { rules: MoneyInputRules; value?: string; defaultValue?: string; onValueChange?: (text: string) => void }) {
  const messageId = useId();
  const [text, setText] = useState(value ?? defaultValue ?? "");
  const [touched, setTouched] = useState(false);
  const shown = value ?? text;
  const result = parseMoneyInput(shown, { ...rules, optional: rules.optional ?? !native.required });
  const problem = result.ok ? "" : result.message;
  return (
    <>
      <input
        {...native}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={shown}
        aria-invalid={touched && problem !== "" ? true : undefined}
        aria-describedby={touched && problem ? messageId : native["aria-describedby"]}
        ref={(input) => input?.setCustomValidity(problem)}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange?.(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        onInvalid={() => setTouched(true)}
      />
      {touched && problem && (
        <span id={messageId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * A money box's text as the server reads it ("1,280" → "1280"; empty stays empty), or the sentence saying what is
 * wrong. For forms that send their fields as text.
 */
export function moneyText(text: string, rules: MoneyInputRules): { ok: true; text: string } | { ok: false; message: string } {
  const parsed = parseMoneyInput(text, rules);
  return parsed.ok ? { ok: true, text: parsed.rupees === null ? "" : String(parsed.rupees) } : parsed;
}
