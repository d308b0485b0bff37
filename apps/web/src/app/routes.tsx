import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageSkeleton } from "../components/PageSkeleton";
import { Home } from "../pages/Home";
import { NotFound } from "../pages/NotFound";
import { ProductPage } from "../pages/ProductPage";
import { ShopLayout } from "./ShopLayout";
import { staticPageRoutes } from "./static-routes";

// The admin panel is its own chunk: storefront visitors never download it.
const AdminRoutes = lazy(() => import("../admin/AdminRoutes"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<Home />} />
        <Route path="product/:slug" element={<ProductPage />} />
        <Route path="not-found" element={<NotFound />} />
        {staticPageRoutes}
        {/* SPEC §2: any unknown path renders Home. */}
        <Route path="*" element={<Home />} />
      </Route>
      {["admin-login", "admin-register", "admin-dashboard", "admin/*"].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<PageSkeleton />}>
              <AdminRoutes />
            </Suspense>
          }
        />
      ))}
    </Routes>
  );
}
