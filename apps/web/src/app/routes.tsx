import { lazy, Suspense, type ReactNode } from "react";
import { SANDBOX_WHATSAPP_PATH } from "@mithai/schema";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PageSkeleton } from "../components/PageSkeleton";
import { Home } from "../pages/Home";
import { NotFound } from "../pages/NotFound";
import { ProductPage } from "../pages/ProductPage";
import { ShopLayout } from "./ShopLayout";
import { staticPageRoutes } from "./static-routes";

// The admin panel is its own chunk: storefront visitors never download it.
const AdminRoutes = lazy(() => import("../admin/AdminRoutes"));
const CartPage = lazy(() => import("../pages/CartPage"));
const SearchPage = lazy(() => import("../pages/SearchPage"));
// Account pages are visited rarely next to browsing, so they load on demand too (keeps the storefront bundle small).
const UserDashboard = lazy(() => import("../pages/dashboard/UserDashboard").then((m) => ({ default: m.UserDashboard })));
const ForgotPassword = lazy(() => import("../pages/account/ForgotPassword").then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import("../pages/account/ResetPassword").then((m) => ({ default: m.ResetPassword })));
// Checkout is downloaded when a customer gets there.
const OrderPage = lazy(() => import("../checkout/OrderPage").then((m) => ({ default: m.OrderPage })));
const SandboxWhatsapp = lazy(() => import("../pages/SandboxWhatsapp"));
const VerifyPage = lazy(() => import("../checkout/VerifyPage").then((m) => ({ default: m.VerifyPage })));

const loading = <PageSkeleton />;
const onDemand = (page: ReactNode) => <Suspense fallback={loading}>{page}</Suspense>;

/** Every path starting with /admin (admin-login, admin-register, admin-dashboard, admin/...) belongs to the admin panel. */
const isAdminPath = (pathname: string) => pathname.startsWith("/admin");

export function AppRoutes() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    // The admin chunk owns its routes from the root, so its own <Routes> see whole paths.
    return onDemand(<AdminRoutes />);
  }
  return (
    <Routes>
      {/* The WhatsApp sandbox stands apart from the shop's pages: a developer's view, marked as the sandbox. */}
      <Route path={SANDBOX_WHATSAPP_PATH.slice(1)} element={onDemand(<SandboxWhatsapp />)} />
      <Route element={<ShopLayout />}>
        <Route index element={<Home />} />
        <Route path="product/:slug" element={<ProductPage />} />
        <Route path="cart" element={onDemand(<CartPage />)} />
        <Route path="search" element={onDemand(<SearchPage />)} />
        <Route path="user-dashboard/*" element={onDemand(<UserDashboard />)} />
        <Route path="myorders" element={<Navigate to="/user-dashboard/my-orders" replace />} />
        <Route path="forgot-password" element={onDemand(<ForgotPassword />)} />
        <Route path="reset-password" element={onDemand(<ResetPassword />)} />
        <Route path="not-found" element={<NotFound />} />
        <Route path="order" element={onDemand(<OrderPage />)} />
        <Route path="verify" element={onDemand(<VerifyPage />)} />
        {staticPageRoutes}
        {/* SPEC §2: any unknown path renders Home. */}
        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}
