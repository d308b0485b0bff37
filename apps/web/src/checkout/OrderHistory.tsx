import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatRupees } from "@mithai/schema/money";
import type { CustomerOrder } from "@mithai/schema/order";
import { useTRPC } from "../lib/trpc";
import "./checkout.css";

const orderDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** The customer's paid orders, newest first; Track Order reloads the list (SPEC §2 dashboard). */
export function OrderHistory() {
  const trpc = useTRPC();
  const orders = useQuery({ ...trpc.order.mine.queryOptions(), staleTime: 0 });

  if (orders.isPending || orders.isRefetching) return <p aria-busy="true">Loading orders...</p>;
  if (orders.isError) return <p role="alert">We could not load your orders. Please try again.</p>;
  if (orders.data.length === 0) {
    return (
      <div className="empty-state">
        <p>No orders placed yet.</p>
        <Link to="/" className="button button-secondary">
          Browse sweets
        </Link>
      </div>
    );
  }
  return (
    <ul className="my-orders">
      {orders.data.map((order) => (
        <OrderCard key={order._id} order={order} onTrack={() => void orders.refetch()} />
      ))}
    </ul>
  );
}

function OrderCard({ order, onTrack }: { order: CustomerOrder; onTrack: () => void }) {
  const a = order.address;
  return (
    <li className="my-order">
      <p className="my-order-items">{order.items.map((item) => `${item.name} × ${item.quantity} kg`).join(", ")}</p>
      <dl className="my-order-facts">
        <div>
          <dt>Amount</dt>
          <dd>{formatRupees(order.amount)}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{orderDate.format(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt>Payment ID</dt>
          <dd>{order.paymentId ?? "N/A"}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="my-order-status">{order.status || "Processing"}</dd>
        </div>
      </dl>
      <p className="note">
        {a.fullName}, {a.street}, {a.city}, {a.state} {a.pincode}, {a.country} · {a.mobile}
      </p>
      <button type="button" className="button button-secondary" onClick={onTrack}>
        Track Order
      </button>
    </li>
  );
}
