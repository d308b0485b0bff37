import { Trans, useLingui } from "@lingui/react/macro";
import { activeLanguage } from "../../lib/i18n";
import { useState, type FormEvent } from "react";
import { Field } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formText } from "../../lib/form";

export function ForgotPassword() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password`);
  const request = trpc.auth.forgotPassword.useMutation();
  const [error, setError] = useState<string | null>(null);
  const sent = request.isSuccess;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const email = formText(new FormData(event.currentTarget), "email");
    try {
      await request.mutateAsync({ email });
    } catch (cause) {
      setError(serverMessageOf(cause) ?? t`Something went wrong`);
    }
  }

  return (
    <section className="container section narrow account-page">
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      <p className="muted">
        <Trans>Enter the e-mail you signed up with and we will send you a link to choose a new password.</Trans>
      </p>
      <form className="stack" onSubmit={submit}>
        {/* After a successful request the form stays locked: one link per visit is enough. */}
        <fieldset disabled={sent || request.isPending} className="plain-fieldset stack">
          <Field label={t`Email`} name="email" type="email" autoComplete="email" required maxLength={254} />
          <button type="submit" className="button button-primary">
            {sent ? t`Sent` : request.isPending ? t`Sending...` : t`Send reset link`}
          </button>
        </fieldset>
        {sent && (
          <p className="form-success" role="status">
            {activeLanguage() === "en" ? request.data.message : t`If an account exists for this e-mail, we have sent a link to choose a new password.`}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
