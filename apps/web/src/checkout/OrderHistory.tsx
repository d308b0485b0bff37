import { useState } from "react";
import { formatRupees } from "@mithai/schema/money";
import { ORDER_RECEIVED, type CustomerOrder, type OrderRefund } from "@mithai/schema/order";
import { EmptyWithBrowseLink } from "../components/EmptyWithBrowseLink";
import { OutcomeMessage, type Outcome } from "../components/FormStatus";
import { OrderAmountFacts } from "../components/OrderAmountFacts";
import { serverMessageOf } from "../lib/errors";
import { getCustomerToken } from "../lib/session";
import { CANCEL_WINDOW_MINUTES } from "../lib/shop";
import { trpc } from "../lib/trpc";
import "./checkout.css";

const orderDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** The customer's paid orders, newest first; Track Order reloads the list (SPEC §2 dashboard). */
export function OrderHistory() {
  const orders = trpc.order.mine.useQuery(undefined, { staleTime: 0 });
  // Kept here: the cards are remounted while the list reloads.
  const [notices, setNotices] = useState<Record<string, Outcome | null>>({});

  if (orders.isPending || orders.isRefetching) return <p aria-busy="true">Loading orders...</p>;
  if (orders.isError) return <p role="alert">We could not load your orders. Please try again.</p>;
  if (orders.data.length === 0) return <EmptyWithBrowseLink message="No orders placed yet." className="empty-state" buttonClassName="button button-secondary" />;
  return (
    <ul className="my-orders">
      {orders.data.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          onTrack={() => void orders.refetch()}
          notice={notices[order._id] ?? null}
          onNotice={(notice) => setNotices((all) => ({ ...all, [order._id]: notice }))}
        />
      ))}
    </ul>
  );
}

const REFUND_STATE_LABELS: Record<OrderRefund["status"], string> = {
  pending: "on its way back",
  processed: "refunded",
  failed: "delayed — we are looking into it",
};

/** Until when the customer may still cancel: within the window after payment, while the kitchen has not started. */
function cancellableUntil(order: CustomerOrder): Date | null {
  if (CANCEL_WINDOW_MINUTES === 0 || order.status !== ORDER_RECEIVED || !order.paidAt) return null;
  const until = new Date(new Date(order.paidAt).getTime() + CANCEL_WINDOW_MINUTES * 60_000);
  return until.getTime() > Date.now() ? until : null;
}

const timeOfDay = new Intl.DateTimeFormat("en-IN", { timeStyle: "short" });

/** Downloads one of the order's PDFs (the call needs the customer's token, so a plain link cannot fetch it). */
async function downloadDocument(path: string, fileName: string): Promise<boolean> {
  const token = getCustomerToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return false;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `${fileName.replace(/[/#]/g, "-")}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

function OrderCard({ order, onTrack, notice, onNotice }: { order: CustomerOrder; onTrack: () => void; notice: Outcome | null; onNotice: (notice: Outcome | null) => void }) {
  const a = order.address;
  const cancel = trpc.order.cancel.useMutation();
  const until = cancellableUntil(order);

  async function cancelOrder() {
    if (!window.confirm(`Cancel order ${order.orderNumber}? The full ${formatRupees(order.amount)} will be refunded.`)) return;
    onNotice(null);
    try {
      const answer = await cancel.mutateAsync({ orderId: order._id });
      onNotice({ ok: true, message: answer.message });
      onTrack();
    } catch (cause) {
      onNotice({ ok: false, message: serverMessageOf(cause) ?? "We could not cancel the order. Please try again or contact us." });
    }
  }

  return (
    <li className="my-order" aria-label={`Order ${order.orderNumber}`}>
      <p className="my-order-number">
        Order <strong>{order.orderNumber}</strong>
      </p>
      <p className="my-order-items">{order.items.map((item) => `${item.name} × ${item.quantity} kg`).join(", ")}</p>
      <dl className="my-order-facts">
        <OrderAmountFacts order={order} discountLabel={(code) => (code ? `Promo code ${code}` : "2nd order this month")} itemiseDelivery />
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
      {order.statusHistory.length > 0 && (
        <ol className="my-order-timeline" aria-label="Timeline">
          {order.statusHistory.map((entry) => (
            <li key={`${entry.status}-${entry.at}`}>
              <span>{entry.status}</span> <time dateTime={entry.at}>{orderDate.format(new Date(entry.at))}</time>
            </li>
          ))}
        </ol>
      )}
      {order.refunds.length > 0 && (
        <ul className="my-order-refunds" aria-label="Refunds">
          {order.refunds.map((refund) => (
            <li key={refund.id}>
              Refund {formatRupees(refund.amount)}: {REFUND_STATE_LABELS[refund.status]} ({orderDate.format(new Date(refund.processedAt ?? refund.createdAt))})
              {refund.creditNoteNumber && (
                <>
                  {" "}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      void downloadDocument(
                        `/api/order/${order._id}/credit-notes/${encodeURIComponent(refund.creditNoteNumber!)}`,
                        `credit-note-${refund.creditNoteNumber}`,
                      )
                    }
                  >
                    Credit note {refund.creditNoteNumber}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="note">
        {a.fullName}, {a.street}, {a.city}, {a.state} {a.pincode}, {a.country} · {a.mobile}
      </p>
      <div className="my-order-actions">
        <button type="button" className="button button-secondary" onClick={onTrack}>
          Track Order
        </button>
        {order.invoiceNumber && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              void downloadDocument(`/api/order/${order._id}/invoice`, `invoice-${order.invoiceNumber}`).then((ok) => {
                if (!ok) onNotice({ ok: false, message: "We could not fetch the invoice. Please try again." });
              })
            }
          >
            Invoice {order.invoiceNumber}
          </button>
        )}
        {until && (
          <button type="button" className="button button-secondary" disabled={cancel.isPending} onClick={() => void cancelOrder()}>
            Cancel order
          </button>
        )}
      </div>
      {until && <p className="note">You can cancel this order until {timeOfDay.format(until)}, while the kitchen has not started on it.</p>}
      <OutcomeMessage outcome={notice} />
    </li>
  );
}
