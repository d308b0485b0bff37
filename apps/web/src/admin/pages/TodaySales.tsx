import "./admin-pages.css";
import { formatRupees } from "@mithai/schema";
import { adminTrpc } from "../trpc";

/** Today's paid orders (shop time, cancelled ones left out) and their revenue, for the dashboard. */
export function TodaySales() {
  const sales = adminTrpc.admin.todaySales.useQuery(undefined, { staleTime: 0, refetchInterval: 60_000 });
  if (!sales.data) return null;
  const { orders, revenue } = sales.data;
  return (
    <p className="today-sales" aria-live="polite">
      Today: <strong>{orders}</strong> paid {orders === 1 ? "order" : "orders"} · <strong>{formatRupees(revenue)}</strong>
    </p>
  );
}
