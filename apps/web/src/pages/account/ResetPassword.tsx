import { Trans, useLingui } from "@lingui/react/macro";
import { activeLanguage } from "../../lib/i18n";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Field, NewPasswordField } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { openLoginPopup } from "../../lib/login-popup";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formText } from "../../lib/form";
import { SubmitButton } from "../../components/FormStatus";

export function ResetPassword() {
  const { t } = useLingui();
  useDocumentTitle(t`Reset password`);
  const [params] = useSearchParams();
  const token = params.get("token");

  return (
    <section className="container section narrow account-page">
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <>
          <p className="form-error" role="alert">
            <Trans>Invalid reset link</Trans>
          </p>
          <p>
            <Link to="/forgot-password">
              <Trans>Ask for a new link</Trans>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useLingui();
  const reset = trpc.auth.resetPassword.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const newPassword = formText(form, "newPassword");
    if (newPassword !== formText(form, "confirmPassword")) {
      setError(t`Passwords don't match`);
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (cause) {
      setError(serverMessageOf(cause) ?? t`Something went wrong`);
    }
  }

  if (reset.isSuccess) {
    return (
      <>
        <p className="form-success" role="status">
          {activeLanguage() === "en" ? reset.data.message : t`Your password is changed. You can log in with it now.`}
        </p>
        <button type="button" className="button button-primary" onClick={() => openLoginPopup("Login")}>
          <Trans>Log in</Trans>
        </button>
      </>
    );
  }

  return (
    <form className="stack" onSubmit={submit}>
      <NewPasswordField label={t`New password`} name="newPassword" />
      <Field label={t`Confirm new password`} name="confirmPassword" type="password" autoComplete="new-password" required maxLength={200} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <SubmitButton className="button button-primary" busy={reset.isPending} busyLabel={t`Saving...`}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  );
}
