import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Home } from "../pages/Home";
import { NotFound } from "../pages/NotFound";
import { ProductPage } from "../pages/ProductPage";
import { ShopLayout } from "./ShopLayout";

// The admin panel is its own chunk: storefront visitors never download it.
const AdminRoutes = lazy(() => import("../admin/AdminRoutes"));
const CartPage = lazy(() => import("../pages/CartPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<Home />} />
        <Route path="product/:slug" element={<ProductPage />} />
        <Route
          path="cart"
          element={
            <Suspense fallback={<p className="container section">Loading cart...</p>}>
              <CartPage />
            </Suspense>
          }
        />
        <Route path="not-found" element={<NotFound />} />
        {/* SPEC §2: any unknown path renders Home. */}
        <Route path="*" element={<Home />} />
      </Route>
      {["admin-login", "admin-register", "admin-dashboard", "admin/*"].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
              <AdminRoutes />
            </Suspense>
          }
        />
      ))}
    </Routes>
  );
}
