import "./admin-pages.css";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import type { OrderStatus } from "@mithai/schema";
import { serverMessageOf } from "../../lib/errors";
import { useDocumentTitle } from "../../lib/use-document-title";
import { adminTrpc } from "../trpc";
import { adminAction, downloadText } from "./admin-request";
import { OrderCard, type StatusChangeOptions } from "./OrderCard";
import { Pager, useCursorPages } from "./Pager";
import { EMPTY_FILTERS, OrderFiltersForm, filtersInput, type OrderFilterValues } from "./OrderFiltersForm";

const PAGE_SIZE = 20;

/** /admin/orders: paid orders newest first, filters, search, pages, status changes and the CSV export. */
export function OrdersPage() {
  useDocumentTitle("Orders");
  const [filters, setFilters] = useState<OrderFilterValues>(EMPTY_FILTERS);
  const pages = useCursorPages();
  const input = filtersInput(filters);
  const utils = adminTrpc.useUtils();
  const updateStatus = adminTrpc.admin.updateOrderStatus.useMutation();

  const orders = adminTrpc.admin.orders.useQuery(
    { ...input, limit: PAGE_SIZE, ...(pages.cursor ? { cursor: pages.cursor } : {}) },
    { staleTime: 0, retry: false, placeholderData: keepPreviousData },
  );
  const page = orders.data ?? null;

  useEffect(() => {
    if (orders.isError) toast.error(serverMessageOf(orders.error) ?? "Server error");
  }, [orders.isError, orders.error]);

  function applyFilters(next: OrderFilterValues) {
    setFilters(next);
    pages.reset();
  }

  async function changeStatus(orderId: string, status: OrderStatus, options: StatusChangeOptions) {
    await adminAction(() => updateStatus.mutateAsync({ orderId, status, ...options }), {
      success: "Status updated",
      failed: "Failed to update status",
      error: "Error updating status",
    });
    // A list read still on its way (a search just applied) may have read the order before this change, and a refetch
    // would only wait for that read (it has no data yet to refresh): drop it, then read again.
    await utils.admin.orders.cancel();
    await utils.admin.orders.invalidate();
  }

  /** Every matching order, page by page through admin.ordersCsv, saved as one CSV file. */
  async function exportCsv() {
    try {
      let csv = "";
      let next: string | undefined;
      do {
        // A download, not state to keep: straight through the client, past the query cache.
        const part = await utils.client.admin.ordersCsv.query({ ...input, ...(next ? { cursor: next } : {}) });
        csv += part.csv;
        next = part.nextCursor ?? undefined;
      } while (next);
      downloadText(csv, `orders-${new Date().toISOString().slice(0, 10)}.csv`, "text/csv;charset=utf-8");
    } catch (error) {
      toast.error(serverMessageOf(error) ?? "Could not export the orders");
    }
  }

  const first = pages.index * PAGE_SIZE + 1;
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
          <Pager label="Order pages" pages={pages} nextCursor={page.nextCursor} />
        </>
      ) : (
        <p>No orders match.</p>
      )}
    </section>
  );
}
