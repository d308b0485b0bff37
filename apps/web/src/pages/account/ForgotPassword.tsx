import { useState, type FormEvent } from "react";
import { Field } from "../../components/Field";
import { serverMessageOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formText } from "../../lib/form";

export function ForgotPassword() {
  useDocumentTitle("Forgot password");
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
      setError(serverMessageOf(cause) ?? "Something went wrong");
    }
  }

  return (
    <section className="container section narrow account-page">
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the e-mail you signed up with and we will send you a link to choose a new password.</p>
      <form className="stack" onSubmit={submit}>
        {/* After a successful request the form stays locked: one link per visit is enough. */}
        <fieldset disabled={sent || request.isPending} className="plain-fieldset stack">
          <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={254} />
          <button type="submit" className="button button-primary">
            {sent ? "Sent" : request.isPending ? "Sending..." : "Send reset link"}
          </button>
        </fieldset>
        {sent && (
          <p className="form-success" role="status">
            {request.data.message}
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
