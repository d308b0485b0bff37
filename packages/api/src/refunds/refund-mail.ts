import { eq } from "@mithai/db/sql";
import { creditNotes, orders, refunds, users } from "@mithai/db/schema";
import { formatRupees, LOCALES, orderNumberOf, paiseToRupees } from "@mithai/schema";
import { shopMail } from "../mail/layout";
import type { MailRenderer } from "../mail/outbox";
import { MAIL_STRINGS } from "../mail/strings";

/** "Your refund has been processed": written to the outbox by settleRefund, rendered when it is sent, to the account's e-mail, in its language. */
export const renderRefundProcessed: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await db
    .select({ refund: refunds, order: orders, name: users.name, language: users.language, creditNote: creditNotes.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(eq(refunds.id, row.subjectId));
  if (!found) return null;
  const { refund, order, language } = found;
  const strings = MAIL_STRINGS[language];
  const s = strings.refund;
  const rupees = (paise: number) => formatRupees(paiseToRupees(paise), LOCALES[language]);
  const amount = rupees(refund.amountPaise);
  const number = orderNumberOf(order.id);
  // The reason is as the admin wrote it.
  const why = refund.reasonCode ? s.reasonWithCode(refund.reason, refund.reasonCode) : refund.reason;
  return shopMail(config, {
    to: row.recipient,
    language,
    subject: s.subject(config.shopName, amount, number),
    greeting: found.name,
    paragraphs: [
      s.refunded(amount, number, why),
      ...(refund.clawbackPaise > 0 ? [s.clawback(rupees(refund.clawbackPaise))] : []),
      s.bankTime,
      ...(found.creditNote ? [s.creditNote(found.creditNote)] : []),
    ],
    action: { label: strings.yourOrders, href: `${config.publicUrl}/user-dashboard/my-orders` },
  });
};
