import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { PASSWORD_MIN_LENGTH } from "@mithai/schema/auth";
import { serverMessageOf } from "../../lib/errors";
import { openLoginPopup } from "../../lib/login-popup";
import { useTRPC } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";

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
  const trpc = useTRPC();
  const id = useId();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword"));
    if (newPassword !== String(form.get("confirmPassword"))) {
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
      <div className="field">
        <label htmlFor={`${id}-new`}>New password</label>
        <input id={`${id}-new`} name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={200} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="field-hint">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>Confirm new password</label>
        <input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" required maxLength={200} />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={reset.isPending}>
        {reset.isPending ? "Saving..." : "Reset password"}
      </button>
    </form>
  );
}
