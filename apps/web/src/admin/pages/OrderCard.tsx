import type { AdminOrder } from "@mithai/schema/admin";
import { formatRupees } from "@mithai/schema/money";
import { ORDER_STATUSES, type OrderStatus } from "@mithai/schema/order";
import { formatAdminDateTime } from "../format";

/** One order as the kitchen needs it: what, for whom, where, how much, when, paid how, and its status. */
export function OrderCard({ order, onStatusChange }: { order: AdminOrder; onStatusChange(orderId: string, status: OrderStatus): void }) {
  const { address } = order;
  return (
    <article className="order-card" aria-label={`Order ${order._id}`}>
      <header>
        <strong className="order-id">#{order._id.slice(0, 8)}</strong>
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
        <div>
          <dt>Amount</dt>
          <dd>
            {formatRupees(order.amount)}
            {order.discountApplied ? " (₹150 off)" : ""}
          </dd>
        </div>
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
          <select value={order.status} onChange={(event) => onStatusChange(order._id, event.target.value as OrderStatus)}>
            {order.status === "" && <option value="">Not set</option>}
            {ORDER_STATUSES.map((status) => <option key={status}>{status}</option>)}
          </select>
        </label>
      )}
    </article>
  );
}
