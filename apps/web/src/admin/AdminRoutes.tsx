import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Route, Routes } from "react-router";
import { ToastContainer } from "react-toastify";
import { AdminDashboard } from "./AdminDashboard";
import { AdminLayout } from "./AdminLayout";
import { AdminLogin } from "./AdminLogin";
import { AdminRegister } from "./AdminRegister";
import { AddItemPage } from "./pages/AddItemPage";
import { CustomersPage } from "./pages/CustomersPage";
import { DeliveryZonesPage } from "./pages/DeliveryZonesPage";
import { EditItemPage } from "./pages/EditItemPage";
import { HealthPage } from "./pages/HealthPage";
import { ListItemsPage } from "./pages/ListItemsPage";
import { OrdersPage } from "./pages/OrdersPage";
import { PromosPage } from "./pages/PromosPage";
import { ProductionPage } from "./owner/ProductionPage";
import { ReviewsPage } from "./pages/ReviewsPage";
import { useAdminSession } from "./session";
import { adminTrpc, makeAdminQueryClient, makeAdminTRPCClient } from "./trpc";
import "./admin.css";

/**
 * The admin panel. This module and everything it imports form the admin chunk, loaded only when a
 * path starting with /admin is visited; it has its own query cache and a tRPC client that sends the
 * admin token.
 */
export default function AdminRoutes() {
  const [queryClient] = useState(makeAdminQueryClient);
  const [trpcClient] = useState(makeAdminTRPCClient);
  const session = useAdminSession();

  return (
    <adminTrpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/admin-login" element={session ? <Navigate to="/admin-dashboard" replace /> : <AdminLogin />} />
          <Route path="/admin-register" element={<AdminRegister />} />
          {/* Every other admin path needs an admin session; without one the admin login is shown in its place (SPEC §2). */}
          <Route element={session ? <AdminLayout /> : <AdminLogin />}>
            <Route path="/admin-dashboard" element={<AdminDashboard />} />
            <Route path="/admin/add" element={<AddItemPage />} />
            <Route path="/admin/list" element={<ListItemsPage />} />
            <Route path="/admin/edit/:id" element={<EditItemPage />} />
            <Route path="/admin/orders" element={<OrdersPage />} />
            <Route path="/admin/customers" element={<CustomersPage />} />
            <Route path="/admin/reviews" element={<ReviewsPage />} />
            <Route path="/admin/delivery-zones" element={<DeliveryZonesPage />} />
            <Route path="/admin/promos" element={<PromosPage />} />
            <Route path="/admin/health" element={<HealthPage />} />
            <Route path="/admin/kitchen" element={<ProductionPage />} />
            <Route path="*" element={<Navigate to="/admin-dashboard" replace />} />
          </Route>
        </Routes>
        <ToastContainer position="top-right" autoClose={5000} pauseOnHover draggable />
      </QueryClientProvider>
    </adminTrpc.Provider>
  );
}
