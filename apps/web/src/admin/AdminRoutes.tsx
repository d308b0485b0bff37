import { Link, Route, Routes } from "react-router";
import { ToastContainer } from "react-toastify";
import { AddItemPage } from "./pages/AddItemPage";
import { EditItemPage } from "./pages/EditItemPage";
import { ListItemsPage } from "./pages/ListItemsPage";
import { OrdersPage } from "./pages/OrdersPage";
import { Logo } from "../components/Logo";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * The admin panel. This module and everything it imports form the admin chunk, loaded only when an
 * admin path is visited.
 */
export default function AdminRoutes() {
  return (
    <>
    <ToastContainer position="top-right" autoClose={5000} pauseOnHover draggable />
    <Routes>
      <Route path="/admin-register" element={<AdminRegister />} />
      <Route path="/admin/add" element={<AddItemPage />} />
      <Route path="/admin/list" element={<ListItemsPage />} />
      <Route path="/admin/edit/:id" element={<EditItemPage />} />
      <Route path="/admin/orders" element={<OrdersPage />} />
      {/* Any admin path without an admin session shows the admin login (SPEC §2); the panel lands with the admin issue. */}
      <Route path="*" element={<AdminLogin />} />
    </Routes>
    </>
  );
}

function AdminLogin() {
  useDocumentTitle("Admin login");
  return (
    <div className="admin-auth">
      <div className="admin-auth-card">
        <Logo />
        <h1>Admin login</h1>
        <p className="muted">The admin panel opens with the accounts release.</p>
        <Link to="/admin-register">Register as admin</Link>
      </div>
    </div>
  );
}

function AdminRegister() {
  useDocumentTitle("Admin registration");
  return (
    <div className="admin-auth">
      <div className="admin-auth-card">
        <Logo />
        <h1>Admin registration</h1>
        <Link to="/admin-login">Back to login</Link>
      </div>
    </div>
  );
}
