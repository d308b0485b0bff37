import { formatRupees, lineTotalPaise, paiseToRupees } from "@mithai/schema/money";
import { orderNumberOf } from "@mithai/schema/order";
import { eq } from "@mithai/db/sql";
import { invoices, orders } from "@mithai/db/schema";
import type { ApiConfig } from "../context";
import type { MailRenderer } from "../mail/outbox";
import { escapeHtml } from "../mail/html";
import type { MailMessage } from "../mail/mailer";

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/** The customer's receipt for a paid order. */
export function orderConfirmationMail(config: Pick<ApiConfig, "shopName" | "publicUrl">, order: typeof orders.$inferSelect, invoiceNumber?: string): MailMessage {
  const { shopName, publicUrl } = config;
  const lines = order.items.map((item) => ({
    text: `${item.name} × ${item.quantity} kg: ${rupees(lineTotalPaise(item))}`,
    html: `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity} kg</td><td>${rupees(lineTotalPaise(item))}</td></tr>`,
  }));
  const a = order.address;
  const addressText = `${a.fullName}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
  const totals = [
    `Subtotal: ${rupees(order.subtotalPaise)}`,
    ...(order.discountPaise > 0 ? [`${order.promoCode ? `Promo code ${order.promoCode}` : "Discount (2nd order this month)"}: -${rupees(order.discountPaise)}`] : []),
    `Delivery${order.deliveryZone ? ` (${order.deliveryZone})` : ""}: ${order.deliveryChargePaise > 0 ? rupees(order.deliveryChargePaise) : "Free"}`,
    `Paid: ${rupees(order.amountPaise)} (payment ${order.paymentId ?? "N/A"})`,
  ];
  const ordersUrl = `${publicUrl}/user-dashboard/my-orders`;

  return {
    to: a.email,
    subject: `${shopName}: order ${orderNumberOf(order.id)} confirmed`,
    text: [
      `Thank you, ${a.fullName}! We have received your payment and your order ${orderNumberOf(order.id)} is confirmed.`,
      "",
      ...lines.map((l) => l.text),
      "",
      ...totals,
      "",
      `Delivering to: ${addressText}`,
      ...(invoiceNumber ? [`Tax invoice ${invoiceNumber}: download it from your orders (${ordersUrl}).`] : []),
      `Track your order: ${ordersUrl}`,
    ].join("\n"),
    html: [
      `<p>Thank you, ${escapeHtml(a.fullName)}! We have received your payment and your order <strong>${orderNumberOf(order.id)}</strong> is confirmed.</p>`,
      `<table>${lines.map((l) => l.html).join("")}</table>`,
      `<p>${totals.map(escapeHtml).join("<br>")}</p>`,
      `<p>Delivering to: ${escapeHtml(addressText)}</p>`,
      ...(invoiceNumber ? [`<p>Tax invoice ${escapeHtml(invoiceNumber)}: <a href="${escapeHtml(ordersUrl)}">download it from your orders</a>.</p>`] : []),
      `<p><a href="${escapeHtml(ordersUrl)}">Track your order</a></p>`,
    ].join("\n"),
  };
}

/** The outbox's receipt row (written by finalizePaid with the payment) becomes the mail when it is sent. */
export const renderOrderReceipt: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await db
    .select({ order: orders, invoiceNumber: invoices.number })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.id, row.subjectId))
    .limit(1);
  return found ? orderConfirmationMail(config, found.order, found.invoiceNumber ?? undefined) : null;
};
