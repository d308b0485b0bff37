import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { Field } from "../components/Field";
import { errorCodeOf, serverMessageOf } from "../lib/errors";
import { useDocumentTitle } from "../lib/use-document-title";
import { AdminAuthCard } from "./AdminAuthCard";
import { startAdminSession } from "./session";
import { adminTrpc } from "./trpc";
import { formText } from "../lib/form";
import { SubmitButton } from "../components/FormStatus";

/** /admin-login, also shown for any admin path without an admin session (SPEC §2). */
export function AdminLogin() {
  useDocumentTitle("Admin login");
  const navigate = useNavigate();
  const login = adminTrpc.auth.login.useMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const result = await login.mutateAsync({ email: formText(form, "email"), password: formText(form, "password") });
      if (result.role !== "admin") {
        toast.error("Only admins can login here.");
        return;
      }
      startAdminSession(result.token);
      toast.success("Admin login successful");
      await navigate("/admin-dashboard");
    } catch (cause) {
      const slowDown = errorCodeOf(cause) === "RATE_LIMITED" ? serverMessageOf(cause) : null;
      toast.error(slowDown ?? "Login failed. Please check credentials.");
    }
  }

  return (
    <AdminAuthCard title="Admin login">
      <form className="stack" onSubmit={submit}>
        <Field label="Email" name="email" type="email" autoComplete="username" required maxLength={254} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required maxLength={200} />
        <SubmitButton className="button button-primary button-block" busy={login.isPending} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
      <p className="admin-auth-switch">
        New admin? <Link to="/admin-register">Register here</Link>
      </p>
    </AdminAuthCard>
  );
}
