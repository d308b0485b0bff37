import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Home } from "../pages/Home";
import { NotFound } from "../pages/NotFound";
import { ProductPage } from "../pages/ProductPage";
import { ShopLayout } from "./ShopLayout";

// The admin panel is its own chunk: storefront visitors never download it.
const AdminRoutes = lazy(() => import("../admin/AdminRoutes"));
// Checkout is downloaded when a customer gets there.
const OrderPage = lazy(() => import("../checkout/OrderPage").then((m) => ({ default: m.OrderPage })));
const VerifyPage = lazy(() => import("../checkout/VerifyPage").then((m) => ({ default: m.VerifyPage })));
const MyOrdersPage = lazy(() => import("../checkout/MyOrdersPage").then((m) => ({ default: m.MyOrdersPage })));

const pageLoading = <div className="page-loading" aria-busy="true" />;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<Home />} />
        <Route path="product/:slug" element={<ProductPage />} />
        <Route path="not-found" element={<NotFound />} />
        <Route path="order" element={<Suspense fallback={pageLoading}><OrderPage /></Suspense>} />
        <Route path="verify" element={<Suspense fallback={pageLoading}><VerifyPage /></Suspense>} />
        <Route path="myorders" element={<Suspense fallback={pageLoading}><MyOrdersPage /></Suspense>} />
        {/* SPEC §2: any unknown path renders Home. */}
        <Route path="*" element={<Home />} />
      </Route>
      {["admin-login", "admin-register", "admin-dashboard", "admin/*"].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={pageLoading}>
              <AdminRoutes />
            </Suspense>
          }
        />
      ))}
    </Routes>
  );
}
