import type { AdminOrder } from "@mithai/schema/admin";
import { ORDER_STATUSES, type OrderStatus } from "@mithai/schema/order";
import { useState } from "react";
import { OrderAmountFacts } from "../../components/OrderAmountFacts";
import { formatAdminDateTime } from "../format";
import { RefundPanel } from "./RefundPanel";

/** One order as the kitchen needs it: what, for whom, where, how much, when, paid how, and its status. */
export function OrderCard({ order, onStatusChange }: { order: AdminOrder; onStatusChange: (orderId: string, status: OrderStatus) => void }) {
  const { address } = order;
  // Setting "Cancelled" offers to refund what is left.
  const [offerRefund, setOfferRefund] = useState(false);
  return (
    <article className="order-card" aria-label={`Order ${order.orderNumber}`}>
      <header>
        <strong className="order-id">{order.orderNumber}</strong>
        <time dateTime={order.createdAt}>{formatAdminDateTime(new Date(order.createdAt))}</time>
      </header>
      <p className="order-items">{order.items.map((item) => `${item.name} x ${item.quantity} kg`).join(", ")}</p>
      <div className="order-people">
        <p>
          <strong>{address.fullName}</strong> ({order.customer.email})
          <br />
          {address.street}, {address.city}, {address.state} {address.pincode}, {address.country}
          <br />
          <a href={`tel:${address.mobile}`}>{address.mobile}</a> · {address.email}
        </p>
      </div>
      <dl className="order-facts">
        <div>
          <dt>Items</dt>
          <dd>{order.items.length}</dd>
        </div>
        <OrderAmountFacts order={order} discountLabel={(code) => (code ? `Promo ${code}` : "Discount (2nd order)")} />
        <div>
          <dt>Payment id</dt>
          <dd>{order.paymentId ?? "N/A"}</dd>
        </div>
        {order.paymentStatus !== "paid" && (
          <div>
            <dt>Payment</dt>
            <dd>{order.paymentStatus}</dd>
          </div>
        )}
      </dl>
      {order.paymentStatus === "paid" && (
        <label className="status-picker">
          Status
          <select
            value={order.status}
            onChange={(event) => {
              const status = event.target.value as OrderStatus;
              setOfferRefund(status === "Cancelled");
              onStatusChange(order._id, status);
            }}
          >
            {order.status === "" && <option value="">Not set</option>}
            {ORDER_STATUSES.map((status) => <option key={status}>{status}</option>)}
          </select>
        </label>
      )}
      {order.statusHistory.length > 0 && (
        <details className="order-history">
          <summary>History ({order.statusHistory.length})</summary>
          <ol>
            {order.statusHistory.map((entry) => (
              <li key={`${entry.status}-${entry.at}`}>
                {entry.status} · {formatAdminDateTime(new Date(entry.at))} · {entry.by ?? "payment"}
              </li>
            ))}
          </ol>
        </details>
      )}
      <RefundPanel order={order} offer={offerRefund} onDone={() => setOfferRefund(false)} />
    </article>
  );
}
