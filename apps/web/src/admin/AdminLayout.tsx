import { useEffect, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { Logo } from "../components/Logo";
import { formatElapsed } from "./format";
import { endAdminSession, useAdminSession } from "./session";
import { adminTrpc } from "./trpc";

const SIDEBAR_LINKS = [
  { to: "/admin/add", label: "Add Items" },
  { to: "/admin/list", label: "List Items" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/kitchen", label: "Production sheet" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/delivery-zones", label: "Delivery zones" },
  { to: "/admin/promos", label: "Promo codes" },
  { to: "/admin/health", label: "Health" },
] as const;

/** The admin panel's frame: top bar (logo, session timer, Logout) and sidebar around the page. */
export function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();

  const logoutAll = adminTrpc.user.logoutAll.useMutation();
  const [logoutAllFailed, setLogoutAllFailed] = useState(false);

  function logout() {
    endAdminSession();
    void navigate("/admin-login");
  }

  /** Ends every admin session of this account (a lost laptop, a shared machine), this one included. */
  async function logoutEverywhere() {
    setLogoutAllFailed(false);
    try {
      await logoutAll.mutateAsync();
      logout();
    } catch {
      setLogoutAllFailed(true);
    }
  }

  return (
    <div className="admin-shell">
      <header className="admin-topbar">
        <Link to={session ? "/admin-dashboard" : "/admin-login"} className="admin-logo" aria-label="Admin dashboard">
          <Logo />
          <span className="admin-badge">Admin</span>
        </Link>
        <div className="admin-topbar-actions">
          {session && <SessionTimer since={session.loginTime} />}
          {logoutAllFailed && (
            <p role="alert" className="admin-timer">
              Could not sign out everywhere. Please try again.
            </p>
          )}
          {session && (
            <button type="button" className="button button-secondary admin-logout" onClick={logoutEverywhere} disabled={logoutAll.isPending}>
              Sign out everywhere
            </button>
          )}
          <button type="button" className="button button-secondary admin-logout" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav className="admin-sidebar" aria-label="Admin">
          <NavLink to="/admin-dashboard" className="admin-sidebar-link">
            Dashboard
            <UndeliveredMailBadge />
          </NavLink>
          {SIDEBAR_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="admin-sidebar-link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <main className="admin-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * How many mails the shop keeps failing to send, beside the menu's Dashboard link (where they are listed with a
 * "Send again" button) on every admin page; nothing while every mail goes out.
 */
function UndeliveredMailBadge() {
  const mails = adminTrpc.admin.undeliveredMail.useQuery(undefined, { refetchInterval: 60_000 });
  const count = mails.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin-count-badge" data-testid="undelivered-badge">
      {count}
      <span className="visually-hidden"> {count === 1 ? "mail" : "mails"} not delivered</span>
    </span>
  );
}

/** Minutes and seconds since login, ticking every second. */
function SessionTimer({ since }: { since: Date }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <p className="admin-timer">
      <span className="admin-timer-label">Session</span>{" "}
      <span role="timer" aria-label="Time since login">
        {formatElapsed(now - since.getTime())}
      </span>
    </p>
  );
}
