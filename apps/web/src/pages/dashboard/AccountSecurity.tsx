import { activeLanguage } from "../../lib/i18n";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Field, NewPasswordField } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { showNotice } from "../../lib/notice";
import { setCustomerToken } from "../../lib/session";
import { useSignOut } from "../../lib/sign-out";
import { trpc } from "../../lib/trpc";
import { formText } from "../../lib/form";
import { OutcomeMessage, SubmitButton, type Outcome } from "../../components/FormStatus";

/** The profile's password change and "sign out everywhere": both end every other session at once. */
export function AccountSecurity() {
  const { t } = useLingui();
  const change = trpc.user.changePassword.useMutation();
  const logoutAll = trpc.user.logoutAll.useMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOut();

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
      setOutcome({ ok: true, message: activeLanguage() === "en" ? result.message : t`Password changed. You are signed out on every other device.` });
      setFormKey((key) => key + 1);
    } catch (cause) {
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`Your password could not be changed. Please try again.` });
    }
  }

  async function signOutEverywhere() {
    setOutcome(null);
    try {
      await logoutAll.mutateAsync();
      // Said on the page the customer lands on, at once (no blank page while the session ends).
      showNotice(t`You are signed out on every device, this one included.`);
      signOut({ replace: true });
    } catch (cause) {
      setConfirming(false);
      setOutcome({ ok: false, message: serverMessageOf(cause) ?? t`We could not sign you out. Please try again.` });
    }
  }

  return (
    <>
      <h2 className="dashboard-subheading">
        <Trans>Change password</Trans>
      </h2>
      <form key={formKey} className="address-form" onSubmit={submit}>
        <Field label={t`Current password`} name="currentPassword" type="password" autoComplete="current-password" required maxLength={200} />
        <NewPasswordField label={t`New password`} name="newPassword" />
        <SubmitButton className="button button-primary" busy={change.isPending} busyLabel={t`Changing...`}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
      <h2 className="dashboard-subheading">
        <Trans>Devices</Trans>
      </h2>
      <p className="muted">
        <Trans>Signed in on a shared or lost device? This signs you out on every device, this one included.</Trans>
      </p>
      {confirming ? (
        <div className="confirm-box" role="group" aria-labelledby="sign-out-everywhere-question">
          <p id="sign-out-everywhere-question">
            <Trans>Sign out on every device, this one included? You will need your password to sign in again.</Trans>
          </p>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => void signOutEverywhere()} disabled={logoutAll.isPending}>
              {logoutAll.isPending ? t`Signing out...` : t`Yes, sign out everywhere`}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={logoutAll.isPending}>
              <Trans>Keep me signed in</Trans>
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          <Trans>Sign out everywhere</Trans>
        </button>
      )}
      <OutcomeMessage outcome={outcome} />
    </>
  );
}
