import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Field, NewPasswordField } from "../components/Field";
import { serverMessageOf } from "../lib/errors";
import { useDocumentTitle } from "../lib/use-document-title";
import { AdminAuthCard } from "./AdminAuthCard";
import { startAdminSession } from "./session";
import { adminTrpc } from "./trpc";
import { formText } from "../lib/form";
import { SubmitButton } from "../components/FormStatus";

/**
 * /admin-register: always asks for role admin. The server grants it only to the very first admin or
 * when an admin is signed in here (their token rides along); otherwise it explains why not.
 */
export function AdminRegister() {
  useDocumentTitle("Admin registration");
  const navigate = useNavigate();
  const register = adminTrpc.auth.register.useMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const result = await register.mutateAsync({
        name: formText(form, "name"),
        email: formText(form, "email"),
        password: formText(form, "password"),
        role: "admin",
      });
      startAdminSession(result.token);
      await navigate("/admin-dashboard");
    } catch (cause) {
      // SPEC §8: registration failures are a browser alert.
      window.alert(serverMessageOf(cause) ?? "Registration failed");
    }
  }

  return (
    <AdminAuthCard title="Admin registration">
      <form className="stack" onSubmit={submit}>
        <Field label="Name" name="name" autoComplete="name" required maxLength={100} />
        <Field label="Email" name="email" type="email" autoComplete="username" required maxLength={254} />
        <NewPasswordField label="Password" name="password" />
        <SubmitButton className="button button-primary button-block" busy={register.isPending} busyLabel="Registering...">
          Register
        </SubmitButton>
      </form>
      <p className="admin-auth-switch">
        Already an admin? <Link to="/admin-login">Back to login</Link>
      </p>
    </AdminAuthCard>
  );
}
