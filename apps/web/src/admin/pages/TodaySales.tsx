import "./admin-pages.css";
import { useQuery } from "@tanstack/react-query";
import type { TodaySales as TodaySalesAnswer } from "@mithai/schema/admin";
import { formatRupees } from "@mithai/schema/money";
import { adminRequest } from "./admin-request";

/** Today's paid orders (shop time, cancelled ones left out) and their revenue, for the dashboard. */
export function TodaySales() {
  const sales = useQuery({
    queryKey: ["admin", "today-sales"],
    queryFn: () => adminRequest<{ data: TodaySalesAnswer }>("/api/admin/today-sales"),
    staleTime: 0,
    refetchInterval: 60_000,
  });
  if (!sales.data?.success) return null;
  const { orders, revenue } = sales.data.data;
  return (
    <p className="today-sales" aria-live="polite">
      Today: <strong>{orders}</strong> paid {orders === 1 ? "order" : "orders"} · <strong>{formatRupees(revenue)}</strong>
    </p>
  );
}
