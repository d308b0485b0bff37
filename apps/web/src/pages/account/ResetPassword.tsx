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
  useDocumentTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token");

  return (
    <section className="container section narrow account-page">
      <h1>Choose a new password</h1>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <>
          <p className="form-error" role="alert">
            Invalid reset link
          </p>
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </>
      )}
    </section>
  );
}

function ResetForm({ token }: { token: string }) {
  const reset = trpc.auth.resetPassword.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const newPassword = formText(form, "newPassword");
    if (newPassword !== formText(form, "confirmPassword")) {
      setError("Passwords don't match");
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (cause) {
      setError(serverMessageOf(cause) ?? "Something went wrong");
    }
  }

  if (reset.isSuccess) {
    return (
      <>
        <p className="form-success" role="status">
          {reset.data.message}
        </p>
        <button type="button" className="button button-primary" onClick={() => openLoginPopup("Login")}>
          Log in
        </button>
      </>
    );
  }

  return (
    <form className="stack" onSubmit={submit}>
      <NewPasswordField label="New password" name="newPassword" />
      <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={200} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <SubmitButton className="button button-primary" busy={reset.isPending} busyLabel="Saving...">
        Reset password
      </SubmitButton>
    </form>
  );
}
