import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import type { AdminOrder, OrderRefund } from "@mithai/schema";
import { formatRupees, parseMoneyInput } from "@mithai/schema";
import { serverMessageOf } from "../../lib/errors";
import { formatAdminDateTime } from "../format";
import { adminTrpc } from "../trpc";
import { formText } from "../../lib/form";
import { MoneyInput } from "../owner/MoneyInput";

const STATE_LABELS: Record<OrderRefund["status"], string> = { pending: "pending", processed: "processed", failed: "failed" };

/**
 * An order's refunds on the admin's card (amount, state, date, a failed one's reason and a Retry), and the form to
 * refund part or all of what is left. `offer` opens the form for the rest (after the status was set to Cancelled).
 */
export function RefundPanel({ order, offer, onDone }: { order: AdminOrder; offer: boolean; onDone: () => void }) {
  const utils = adminTrpc.useUtils();
  const left = Math.round((order.amount - order.refundedAmount) * 100) / 100;
  const [open, setOpen] = useState(false);
  // The order list refetches, then the card learns the outcome.
  const settled = { onSettled: () => void utils.admin.orders.invalidate().then(onDone) };
  const refund = adminTrpc.admin.refundOrder.useMutation(settled);
  const retry = adminTrpc.admin.retryRefund.useMutation(settled);
  const showForm = (open || offer) && left > 0;
  const amountRules = { label: "The amount", min: 1, max: left };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = parseMoneyInput(formText(form, "amount"), { ...amountRules, optional: true });
    if (!amount.ok) {
      toast.error(amount.message);
      return;
    }
    try {
      const answer = await refund.mutateAsync({
        orderId: order._id,
        reason: formText(form, "reason"),
        restock: form.get("restock") === "on",
        waiveClawback: form.get("waiveClawback") === "on",
        ...(amount.rupees !== null ? { amount: amount.rupees } : {}),
      });
      toast.success(answer.message);
      setOpen(false);
    } catch (cause) {
      toast.error(serverMessageOf(cause) ?? "The refund could not be made");
    }
  }

  async function retryRefund(id: string) {
    try {
      toast.success((await retry.mutateAsync({ id })).message);
    } catch (cause) {
      toast.error(serverMessageOf(cause) ?? "The refund could not be retried");
    }
  }

  if (order.paymentStatus !== "paid") return null;
  return (
    <div className="refund-panel">
      {order.refunds.length > 0 && (
        <ul className="refund-list" aria-label="Refunds">
          {order.refunds.map((r) => (
            <li key={r.id} className={`refund-${r.status}`}>
              {formatRupees(r.amount)} · {STATE_LABELS[r.status]} · {formatAdminDateTime(new Date(r.processedAt ?? r.createdAt))} · {r.reason}
              {r.status === "failed" && (
                <>
                  {" "}
                  ({r.failureReason}){" "}
                  <button type="button" className="btn-small" disabled={retry.isPending} onClick={() => void retryRefund(r.id)}>
                    Retry
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {showForm ? (
        <form className="refund-form" onSubmit={(event) => void submit(event)} aria-label={`Refund order ${order.orderNumber}`}>
          {offer && <p className="refund-offer">The order is cancelled. Refund the remaining {formatRupees(left)}?</p>}
          <label className="refund-field">
            <span>Amount in ₹ (empty: all of {formatRupees(left)})</span>
            <MoneyInput name="amount" rules={{ ...amountRules, optional: true }} placeholder={formatRupees(left).replace("₹", "")} />
          </label>
          <label className="refund-field">
            <span>Reason (the customer sees it)</span>
            <input name="reason" required minLength={3} maxLength={200} defaultValue={offer ? "Order cancelled by the shop" : ""} />
          </label>
          <label className="refund-check">
            <input type="checkbox" name="restock" defaultChecked={offer} />
            <span>Put its sweets back in stock (they were not sent)</span>
          </label>
          <label className="refund-check">
            <input type="checkbox" name="waiveClawback" />
            <span>
              Waive the clawback: also refund the ₹150 a later discounted order this month relied on this one for (otherwise it
              is kept back from a refund of everything)
            </span>
          </label>
          <div className="row-actions">
            <button type="submit" className="btn-small danger" disabled={refund.isPending}>
              Refund
            </button>
            {!offer && (
              <button type="button" className="btn-small ghost" onClick={() => setOpen(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        left > 0 && (
          <button type="button" className="btn-small" onClick={() => setOpen(true)}>
            Refund…
          </button>
        )
      )}
    </div>
  );
}
