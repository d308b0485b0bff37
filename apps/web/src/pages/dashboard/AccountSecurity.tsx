import { useState, type FormEvent } from "react";
import { Field, NewPasswordField } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { setCustomerToken } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { formText } from "../../lib/form";
import { OutcomeMessage, SubmitButton, type Outcome } from "../../components/FormStatus";

/** The profile's password change and "sign out everywhere": both end every other session at once. */
export function AccountSecurity() {
  const change = trpc.user.changePassword.useMutation();
  const logoutAll = trpc.user.logoutAll.useMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const form = new FormData(event.currentTarget);
    try {
      const result = await change.mutateAsync({
        currentPassword: formText(form, "currentPassword"),
        newPassword: formText(form, "newPassword"),
      });
      // This session goes on under the fresh token; every other one has ended.
      setCustomerToken(result.token);
      setOutcome({ ok: true, message: result.message });
      setFormKey((key) => key + 1);
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? "Your password could not be changed. Please try again." });
    }
  }

  async function signOutEverywhere() {
    setOutcome(null);
    try {
      await logoutAll.mutateAsync();
      setCustomerToken(null);
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? "We could not sign you out. Please try again." });
    }
  }

  return (
    <>
      <h2 className="dashboard-subheading">Change password</h2>
      <form key={formKey} className="address-form" onSubmit={submit}>
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required maxLength={200} />
        <NewPasswordField label="New password" name="newPassword" />
        <SubmitButton className="button button-primary" busy={change.isPending} busyLabel="Changing...">
          Change password
        </SubmitButton>
      </form>
      <h2 className="dashboard-subheading">Devices</h2>
      <p className="muted">Signed in on a shared or lost device? This signs you out on every device, this one included.</p>
      <button type="button" className="button button-secondary" onClick={signOutEverywhere} disabled={logoutAll.isPending}>
        Sign out everywhere
      </button>
      <OutcomeMessage outcome={outcome} />
    </>
  );
}
