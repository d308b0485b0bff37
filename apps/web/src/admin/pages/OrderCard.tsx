import type { AdminOrder, OrderStatus } from "@mithai/schema";
import { formatRupees } from "@mithai/schema";
import { useState } from "react";
import { OrderAmountFacts } from "../../components/OrderAmountFacts";
import { formatAdminDateTime } from "../format";
import { RefundPanel } from "./RefundPanel";
import { PackingSlipButton } from "../owner/PackingSlipButton";

/** One order as the kitchen needs it: what, for whom, where, how much, when, paid how, and its status. */
/** Statuses nothing leads out of: the admin confirms before setting them. */
const IRREVERSIBLE: readonly string[] = ["Delivered", "Cancelled"];

export interface StatusChangeOptions {
  refund?: boolean;
  waiveClawback?: boolean;
}

export function OrderCard({ order, onStatusChange }: { order: AdminOrder; onStatusChange: (orderId: string, status: OrderStatus, options: StatusChangeOptions) => void }) {
  const { address } = order;
  // Delivered or Cancelled waits for the admin's confirmation.
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [refund, setRefund] = useState(true);
  const [waive, setWaive] = useState(false);
  const left = Math.round((order.amount - order.refundedAmount) * 100) / 100;
  return (
    <article className="order-card" aria-label={`Order ${order.orderNumber}`}>
      <header>
        <strong className="order-id">{order.orderNumber}</strong>
        <time dateTime={order.createdAt}>{formatAdminDateTime(new Date(order.createdAt))}</time>
        {order.paymentStatus === "paid" && <PackingSlipButton orderId={order._id} orderNumber={order.orderNumber} />}
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
            value={confirming ?? order.status}
            disabled={order.allowedNext.length === 0}
            onChange={(event) => {
              const status = event.target.value as OrderStatus;
              if (status === order.status) return setConfirming(null);
              if (IRREVERSIBLE.includes(status)) return setConfirming(status);
              setConfirming(null);
              onStatusChange(order._id, status, {});
            }}
          >
            {order.status === "" && <option value="">Not set</option>}
            {order.status !== "" && <option value={order.status}>{order.status}</option>}
            {order.allowedNext.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </label>
      )}
      {confirming && (
        <div className="status-confirm" role="group" aria-label={`Confirm ${confirming}`}>
          <p>
            Set order {order.orderNumber} to {confirming}? Nothing follows {confirming}: this cannot be undone.
          </p>
          {confirming === "Cancelled" && left > 0 && (
            <>
              <label>
                <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} /> Refund what is left ({formatRupees(left)})
              </label>
              {refund && (
                <label>
                  {/* The admin list does not work the clawback out per order; the server keeps it back unless waived. */}
                  <input type="checkbox" checked={waive} onChange={(event) => setWaive(event.target.checked)} /> Waive the clawback (the ₹150 kept back when a later discounted order this month relied on this one)
                </label>
              )}
            </>
          )}
          <div className="status-confirm-actions">
            <button
              type="button"
              className="btn-small"
              onClick={() => {
                onStatusChange(order._id, confirming, confirming === "Cancelled" ? { refund, waiveClawback: waive } : {});
                setConfirming(null);
              }}
            >
              Yes, set {confirming}
            </button>
            <button type="button" className="btn-small ghost" onClick={() => setConfirming(null)}>
              Keep {order.status}
            </button>
          </div>
        </div>
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
      <RefundPanel order={order} offer={false} onDone={() => undefined} />
    </article>
  );
}
