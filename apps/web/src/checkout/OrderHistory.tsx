import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { activeLanguage } from "../lib/i18n";
import { catalogLang } from "../lib/catalog-language";
import { useState } from "react";
import { clawbackTakesAll, type CustomerOrder, nearestPaise, ORDER_RECEIVED, type OrderRefund, paiseToRupees } from "@mithai/schema";
import { orderStatusText } from "../lib/order-text";
import { formatDate, formatRupees } from "../lib/format";
import { EmptyWithBrowseLink } from "../components/EmptyWithBrowseLink";
import { OutcomeMessage, type Outcome } from "../components/FormStatus";
import { OrderAmountFacts } from "../components/OrderAmountFacts";
import { serverMessageOf } from "../lib/errors";
import { getCustomerToken } from "../lib/session";
import { CANCEL_WINDOW_MINUTES } from "../lib/shop";
import { trpc } from "../lib/trpc";
import "./checkout.css";

/** The customer's paid orders, newest first; Track Order reloads the list (SPEC §2 dashboard). */
export function OrderHistory() {
  const { t } = useLingui();
  const orders = trpc.order.mine.useQuery(undefined, { staleTime: 0 });
  // Kept here: the cards are remounted while the list reloads.
  const [notices, setNotices] = useState<Record<string, Outcome | null>>({});

  if (orders.isPending || orders.isRefetching)
    return (
      <p aria-busy="true">
        <Trans>Loading orders...</Trans>
      </p>
    );
  if (orders.isError)
    return (
      <p role="alert">
        <Trans>We could not load your orders. Please try again.</Trans>
      </p>
    );
  if (orders.data.length === 0) return <EmptyWithBrowseLink message={t`No orders placed yet.`} className="empty-state" buttonClassName="button button-secondary" />;
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

/**
 * A bought sweet's name in the page's language: the order keeps the name it was bought under (English), the catalogue
 * (already loaded in the language for the navbar's cart) has its translation; a sweet no longer on the menu keeps it.
 */
function useItemNames(): (item: { _id: string; name: string }) => string {
  const catalogue = trpc.catalog.list.useQuery(catalogLang());
  if (activeLanguage() === "en" || !catalogue.data) return (item) => item.name;
  const names = new Map(catalogue.data.map((sweet) => [sweet._id, sweet.name]));
  return (item) => names.get(item._id) ?? item.name;
}

function refundStateText(status: OrderRefund["status"]): string {
  switch (status) {
    case "pending":
      return t`on its way back`;
    case "processed":
      return t`refunded`;
    case "failed":
      return t`delayed — we are looking into it`;
  }
}

/** Until when the customer may still cancel: within the window after payment, while the kitchen has not started. */
function cancellableUntil(order: CustomerOrder): Date | null {
  if (CANCEL_WINDOW_MINUTES === 0 || order.status !== ORDER_RECEIVED || !order.paidAt) return null;
  const until = new Date(new Date(order.paidAt).getTime() + CANCEL_WINDOW_MINUTES * 60_000);
  return until.getTime() > Date.now() ? until : null;
}

/** "Refund ₹580: refunded (27 Nov 2026, 6:30 pm)" */
function refundLine(refund: OrderRefund): string {
  const amount = formatRupees(refund.amount);
  const state = refundStateText(refund.status);
  const when = formatDate(refund.processedAt ?? refund.createdAt, "dateTime");
  return t`Refund ${amount}: ${state} (${when})`;
}

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
  const { t } = useLingui();
  const a = order.address;
  const cancel = trpc.order.cancel.useMutation();
  const itemName = useItemNames();
  const until = cancellableUntil(order);
  const untilTime = until ? formatDate(until, "time") : "";
  // What a cancel would refund. When the clawback keeps back all that is left (less than ₹1 would go back), the
  // server refuses to cancel for nothing, so no button is offered.
  const leftPaise = nearestPaise(order.amount) - nearestPaise(order.refundedAmount);
  const keptBackPaise = nearestPaise(order.cancelClawback);
  const back = paiseToRupees(leftPaise - keptBackPaise);
  const refundsNothing = clawbackTakesAll(leftPaise, keptBackPaise);

  async function cancelOrder() {
    // The clawback is said before the customer confirms (DECISIONS "The order's life").
    const number = order.orderNumber;
    const refunded = formatRupees(back);
    const kept = formatRupees(order.cancelClawback);
    const full = formatRupees(order.amount);
    const question =
      order.cancelClawback > 0
        ? t`Cancel order ${number}? ${refunded} will be refunded: ${kept} is kept back, because your later discounted order this month got its ₹150 discount through this one. It comes back if that order is not paid or is cancelled.`
        : t`Cancel order ${number}? The full ${full} will be refunded.`;
    if (!window.confirm(question)) return;
    onNotice(null);
    try {
      const answer = await cancel.mutateAsync({ orderId: order._id });
      onNotice({ ok: true, message: activeLanguage() === "en" ? answer.message : t`Order ${number} is cancelled. The refund is on its way.` });
      onTrack();
    } catch (cause) {
      onNotice({ ok: false, message: serverMessageOf(cause) ?? t`We could not cancel the order. Please try again or contact us.` });
    }
  }

  return (
    <li className="my-order" aria-label={t`Order ${order.orderNumber}`}>
      <p className="my-order-number">
        <Trans>
          Order <strong>{order.orderNumber}</strong>
        </Trans>
      </p>
      <p className="my-order-items">{order.items.map((item) => `${itemName(item)} × ${t`${item.quantity} kg`}`).join(", ")}</p>
      <dl className="my-order-facts">
        <OrderAmountFacts order={order} discountLabel={(code) => (code ? t`Promo code ${code}` : t`2nd order this month`)} itemiseDelivery />
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDate(order.createdAt, "dateTime")}</dd>
        </div>
        <div>
          <dt>
            <Trans>Payment ID</Trans>
          </dt>
          <dd>{order.paymentId ?? t`N/A`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd className="my-order-status">{order.status ? orderStatusText(order.status) : t`Processing`}</dd>
        </div>
      </dl>
      {order.statusHistory.length > 0 && (
        <ol className="my-order-timeline" aria-label={t`Timeline`}>
          {order.statusHistory.map((entry) => (
            <li key={`${entry.status}-${entry.at}`}>
              <span>{orderStatusText(entry.status)}</span> <time dateTime={entry.at}>{formatDate(entry.at, "dateTime")}</time>
            </li>
          ))}
        </ol>
      )}
      {order.refunds.length > 0 && (
        <ul className="my-order-refunds" aria-label={t`Refunds`}>
          {order.refunds.map((refund) => (
            <li key={refund.id}>
              {refundLine(refund)}
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
                    <Trans>Credit note {refund.creditNoteNumber}</Trans>
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
          <Trans>Track Order</Trans>
        </button>
        {order.invoiceNumber && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              void downloadDocument(`/api/order/${order._id}/invoice`, `invoice-${order.invoiceNumber}`).then((ok) => {
                if (!ok) onNotice({ ok: false, message: t`We could not fetch the invoice. Please try again.` });
              })
            }
          >
            <Trans>Invoice {order.invoiceNumber}</Trans>
          </button>
        )}
        {until && !refundsNothing && (
          <button type="button" className="button button-secondary" disabled={cancel.isPending} onClick={() => void cancelOrder()}>
            <Trans>Cancel order</Trans>
          </button>
        )}
      </div>
      {until && !refundsNothing && <p className="note">{t`You can cancel this order until ${untilTime}, while the kitchen has not started on it.`}</p>}
      {until && refundsNothing && (
        <p className="note">{t`This order can no longer be cancelled online: your later discounted order this month got its ₹150 discount through this one, so cancelling it would refund nothing. Please contact us.`}</p>
      )}
      <OutcomeMessage outcome={notice} />
    </li>
  );
}
