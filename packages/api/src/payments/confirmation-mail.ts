import { formatRupees, paiseToRupees } from "@mithai/schema/money";
import type { orders } from "@mithai/db/schema";
import type { ApiDeps } from "../context";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/** The customer's receipt, sent once by whichever caller finalized the payment. */
export function sendOrderConfirmation(deps: Pick<ApiDeps, "config" | "mailer">, order: typeof orders.$inferSelect): void {
  const { shopName, publicUrl } = deps.config;
  const lines = order.items.map((item) => ({
    text: `${item.name} × ${item.quantity} kg: ${rupees(item.unitPricePaise * item.quantity)}`,
    html: `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity} kg</td><td>${rupees(item.unitPricePaise * item.quantity)}</td></tr>`,
  }));
  const a = order.address;
  const addressText = `${a.fullName}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
  const totals = [
    `Subtotal: ${rupees(order.subtotalPaise)}`,
    ...(order.discountPaise > 0 ? [`Discount: -${rupees(order.discountPaise)}`] : []),
    `Paid: ${rupees(order.amountPaise)} (payment ${order.paymentId ?? "N/A"})`,
  ];
  const ordersUrl = `${publicUrl}/user-dashboard/my-orders`;

  deps.mailer.sendLater({
    to: a.email,
    subject: `${shopName}: order ${order.id.slice(0, 8)} confirmed`,
    text: [
      `Thank you, ${a.fullName}! We have received your payment and your order is confirmed.`,
      "",
      ...lines.map((l) => l.text),
      "",
      ...totals,
      "",
      `Delivering to: ${addressText}`,
      `Track your order: ${ordersUrl}`,
    ].join("\n"),
    html: [
      `<p>Thank you, ${escapeHtml(a.fullName)}! We have received your payment and your order is confirmed.</p>`,
      `<table>${lines.map((l) => l.html).join("")}</table>`,
      `<p>${totals.map(escapeHtml).join("<br>")}</p>`,
      `<p>Delivering to: ${escapeHtml(addressText)}</p>`,
      `<p><a href="${escapeHtml(ordersUrl)}">Track your order</a></p>`,
    ].join("\n"),
  });
}
