import "./admin-pages.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import type { AdminOrderPage } from "@mithai/schema/admin";
import type { OrderStatus } from "@mithai/schema/order";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminAction, adminRequest, downloadAdminFile, jsonBody } from "./admin-request";
import { OrderCard } from "./OrderCard";
import { EMPTY_FILTERS, OrderFiltersForm, filtersQuery, type OrderFilterValues } from "./OrderFiltersForm";

const PAGE_SIZE = 20;

/** /admin/orders: paid orders newest first, filters, search, pages, status changes and the CSV export. */
export function OrdersPage() {
  useDocumentTitle("Orders");
  const [filters, setFilters] = useState<OrderFilterValues>(EMPTY_FILTERS);
  // Cursors of the pages before the current one; the last entry is the current page's.
  const [cursors, setCursors] = useState<string[]>([""]);
  const cursor = cursors.at(-1) ?? "";
  const query = filtersQuery(filters);

  const orders = useQuery({
    queryKey: ["admin", "orders", query, cursor],
    queryFn: () => adminRequest<AdminOrderPage>(`/api/order/list?${query}&limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ""}`),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const page = orders.data?.success ? orders.data : null;

  useEffect(() => {
    if (orders.isError) toast.error("Server error");
    else if (orders.data && !orders.data.success) toast.error(orders.data.message ?? "Failed to fetch orders");
  }, [orders.isError, orders.data]);

  function applyFilters(next: OrderFilterValues) {
    setFilters(next);
    setCursors([""]);
  }

  async function changeStatus(orderId: string, status: OrderStatus) {
    await adminAction("/api/order/update-status", { method: "PUT", ...jsonBody({ orderId, status }) }, {
      success: "Status updated",
      failed: "Failed to update status",
      error: "Error updating status",
    });
    await orders.refetch();
  }

  async function exportCsv() {
    try {
      await downloadAdminFile(`/api/admin/orders.csv?${query}`, "orders.csv");
    } catch {
      toast.error("Could not export the orders");
    }
  }

  const first = (cursors.length - 1) * PAGE_SIZE + 1;
  return (
    <section className="admin-page">
      <div className="page-head">
        <h1>Orders</h1>
        <button type="button" className="btn-small" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      <OrderFiltersForm value={filters} onApply={applyFilters} />
      {orders.isPending ? (
        <p aria-busy="true">Loading orders...</p>
      ) : page && page.data.length > 0 ? (
        <>
          <p className="muted" aria-live="polite">
            Showing {first}–{first + page.data.length - 1} of {page.total.toLocaleString("en-IN")}
            {page.totalCapped ? "+" : ""} orders
          </p>
          <ol className="order-list">
            {page.data.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} onStatusChange={changeStatus} />
              </li>
            ))}
          </ol>
          <nav className="pager" aria-label="Order pages">
            <button type="button" className="btn-small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Newer
            </button>
            <button type="button" className="btn-small" disabled={!page.nextCursor} onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor!])}>
              Older
            </button>
          </nav>
        </>
      ) : (
        <p>No orders match.</p>
      )}
    </section>
  );
}
