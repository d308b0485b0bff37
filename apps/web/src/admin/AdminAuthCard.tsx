import type { ReactNode } from "react";
import { Logo } from "../components/Logo";

/** The centred card the admin login and registration pages share. */
export function AdminAuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="admin-auth">
      <div className="admin-auth-card">
        <Logo />
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
