import { eq } from "@mithai/db/sql";
import { orders, refunds } from "@mithai/db/schema";
import { escapeHtml } from "../mail/html";
import { formatRupees, paiseToRupees } from "@mithai/schema/money";
import { orderNumberOf } from "@mithai/schema/order";
import type { MailRenderer } from "../mail/outbox";

/** "Your refund has been processed": written to the outbox by settleRefund, rendered when it is sent. */
export const renderRefundProcessed: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await db.select({ refund: refunds, order: orders }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(refunds.id, row.subjectId));
  if (!found) return null;
  const { refund, order } = found;
  const amount = formatRupees(paiseToRupees(refund.amountPaise));
  const number = orderNumberOf(order.id);
  const ordersUrl = `${config.publicUrl}/user-dashboard/my-orders`;
  const name = order.address.fullName;
  return {
    to: order.address.email,
    subject: `${config.shopName}: ${amount} refunded for order ${number}`,
    text: [
      `Namaste ${name},`,
      "",
      `We have refunded ${amount} for your order ${number} (${refund.reason}).`,
      "It goes back to the payment method you paid with; banks usually show it within 5–7 working days.",
      "",
      `Your orders: ${ordersUrl}`,
      "",
      `— ${config.shopName}`,
    ].join("\n"),
    html: [
      `<p>Namaste ${escapeHtml(name)},</p>`,
      `<p>We have refunded <strong>${escapeHtml(amount)}</strong> for your order <strong>${number}</strong> (${escapeHtml(refund.reason)}).</p>`,
      "<p>It goes back to the payment method you paid with; banks usually show it within 5–7 working days.</p>",
      `<p><a href="${escapeHtml(ordersUrl)}">Your orders</a></p>`,
      `<p>— ${escapeHtml(config.shopName)}</p>`,
    ].join("\n"),
  };
};
