import type { ReactNode } from "react";

/** How the last action on a form went, in words the shopper can act on. */
export type Outcome = { ok: boolean; message: string };

/** Success is announced politely; a failure is an alert. */
export function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? "form-success" : "form-error"} role={outcome.ok ? "status" : "alert"}>
      {outcome.message}
    </p>
  );
}

/** A submit button that is disabled and says what is happening while the form's call is under way. */
export function SubmitButton({ busy, busyLabel, className, children }: { busy: boolean; busyLabel: string; className: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
