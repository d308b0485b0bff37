import { Navigate, NavLink, Route, Routes, useLocation } from "react-router";
import { openLoginPopup } from "../../lib/login-popup";
import { setRedirectAfterLogin } from "../../lib/redirect-after-login";
import { useCustomerToken } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ManageAddress } from "./ManageAddress";
import { MyOrders } from "./MyOrders";
import { MyProfile } from "./MyProfile";

const SECTIONS = [
  { path: "my-profile", label: "My Profile" },
  { path: "manage-address", label: "Manage Address" },
  { path: "my-orders", label: "My Orders" },
] as const;

/** /user-dashboard/*: my-profile (default), manage-address, my-orders (SPEC §2). */
export function UserDashboard() {
  useDocumentTitle("My account");
  const token = useCustomerToken();

  return (
    <section className="container section dashboard">
      <h1>My Account</h1>
      <nav className="dashboard-nav" aria-label="My account">
        {SECTIONS.map((section) => (
          <NavLink key={section.path} to={`/user-dashboard/${section.path}`} className="dashboard-tab">
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="dashboard-panel">
        {token ? (
          <Routes>
            <Route index element={<MyProfile />} />
            <Route path="my-profile" element={<MyProfile />} />
            <Route path="manage-address" element={<ManageAddress />} />
            <Route path="my-orders" element={<MyOrders />} />
            <Route path="*" element={<Navigate to="/user-dashboard/my-profile" replace />} />
          </Routes>
        ) : (
          <SignInPrompt />
        )}
      </div>
    </section>
  );
}

function SignInPrompt() {
  const { pathname } = useLocation();
  return (
    <div className="empty-state">
      <p>Please sign in to see your account.</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setRedirectAfterLogin(pathname);
          openLoginPopup("Login");
        }}
      >
        Sign In
      </button>
    </div>
  );
}
