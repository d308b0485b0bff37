import "./admin-pages.css";
import { useQuery } from "@tanstack/react-query";
import { formatRupees } from "@mithai/schema/money";
import { useAdminTRPC } from "../trpc";

/** Today's paid orders (shop time, cancelled ones left out) and their revenue, for the dashboard. */
export function TodaySales() {
  const trpc = useAdminTRPC();
  const sales = useQuery({ ...trpc.admin.todaySales.queryOptions(), staleTime: 0, refetchInterval: 60_000 });
  if (!sales.data) return null;
  const { orders, revenue } = sales.data;
  return (
    <p className="today-sales" aria-live="polite">
      Today: <strong>{orders}</strong> paid {orders === 1 ? "order" : "orders"} · <strong>{formatRupees(revenue)}</strong>
    </p>
  );
}
