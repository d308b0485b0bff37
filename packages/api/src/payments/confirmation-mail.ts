import { formatRupees, type Language, lineTotalPaise, LOCALES, orderNumberOf, paiseToRupees } from "@mithai/schema";
import { eq, sql } from "@mithai/db/sql";
import { preparedQuery } from "@mithai/db/client";
import { invoices, orders, users } from "@mithai/db/schema";
import type { ApiConfig } from "../context";
import type { MailRenderer } from "../mail/outbox";
import { shopMail } from "../mail/layout";
import type { MailMessage } from "../mail/mailer";
import { MAIL_STRINGS } from "../mail/strings";

/**
 * The customer's receipt for a paid order, to `to` (the account's e-mail: the delivery contact's `address.email` is
 * kept with the order, never mailed), in the shop's one mail layout and the customer's language.
 */
export function orderConfirmationMail(
  config: Pick<ApiConfig, "shopName" | "publicUrl">,
  order: typeof orders.$inferSelect,
  options: { invoiceNumber?: string; to?: string; language?: Language } = {},
): MailMessage {
  const { shopName, publicUrl } = config;
  const { invoiceNumber, to = order.address.email, language = "en" } = options;
  const strings = MAIL_STRINGS[language];
  const s = strings.receipt;
  const kg = (quantity: number) => strings.kg(String(quantity));
  const rupees = (paise: number) => formatRupees(paiseToRupees(paise), LOCALES[language]);
  const a = order.address;
  const addressText = `${a.fullName}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
  const ordersUrl = `${publicUrl}/user-dashboard/my-orders`;
  const number = orderNumberOf(order.id);
  return shopMail(config, {
    to,
    language,
    subject: s.subject(shopName, number),
    greeting: null,
    paragraphs: [s.thanks(a.fullName, number), s.deliveringTo(addressText), ...(invoiceNumber ? [s.invoice(invoiceNumber, ordersUrl)] : [])],
    table: order.items.map((item) => ({
      cells: [item.name, kg(item.quantity), rupees(lineTotalPaise(item))],
      text: `${item.name} × ${kg(item.quantity)}: ${rupees(lineTotalPaise(item))}`,
    })),
    facts: [
      s.subtotal(rupees(order.subtotalPaise)),
      ...(order.discountPaise > 0 ? [order.promoCode ? s.promo(order.promoCode, rupees(order.discountPaise)) : s.secondOrderDiscount(rupees(order.discountPaise))] : []),
      s.delivery(order.deliveryZone ?? null, order.deliveryChargePaise > 0 ? rupees(order.deliveryChargePaise) : null),
      s.paid(rupees(order.amountPaise), order.paymentId ?? "N/A"),
    ],
    action: { label: s.track, href: ordersUrl },
  });
}

// Read for every receipt sent.
const receiptOrder = preparedQuery((db) =>
  db
    .select({ order: orders, invoiceNumber: invoices.number, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder("orderId")))
    .limit(1)
    .prepare("receipt_order"),
);

/** The outbox's receipt row (queued by finalisation with the payment) becomes the mail when it is sent, to the row's recipient. */
export const renderOrderReceipt: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await receiptOrder(db).execute({ orderId: row.subjectId });
  return found ? orderConfirmationMail(config, found.order, { invoiceNumber: found.invoiceNumber ?? undefined, to: row.recipient, language: found.language }) : null;
};
