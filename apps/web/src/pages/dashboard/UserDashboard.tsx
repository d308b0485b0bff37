import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Navigate, NavLink, Route, Routes, useLocation } from "react-router";
import { openLoginPopup } from "../../lib/login-popup";
import { setRedirectAfterLogin } from "../../lib/redirect-after-login";
import { useCustomerToken } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ManageAddress } from "./ManageAddress";
import { MyOrders } from "./MyOrders";
import { MyProfile } from "./MyProfile";

const sections = () =>
  [
    { path: "my-profile", label: t`My Profile` },
    { path: "manage-address", label: t`Manage Address` },
    { path: "my-orders", label: t`My Orders` },
  ] as const;

/** /user-dashboard/*: my-profile (default), manage-address, my-orders (SPEC §2). */
export function UserDashboard() {
  const { t } = useLingui();
  useDocumentTitle(t`My account`);
  const token = useCustomerToken();

  return (
    <section className="container section dashboard">
      <h1>
        <Trans>My Account</Trans>
      </h1>
      <nav className="dashboard-nav" aria-label={t`My account`}>
        {sections().map((section) => (
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
      <p>
        <Trans>Please sign in to see your account.</Trans>
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setRedirectAfterLogin(pathname);
          openLoginPopup("Login");
        }}
      >
        <Trans>Sign In</Trans>
      </button>
    </div>
  );
}
