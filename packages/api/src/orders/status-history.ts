import type { Tx } from "@mithai/db/client";
import { asc, eq, inArray } from "@mithai/db/sql";
import { mailOutbox, orderStatusChanges, orders, users } from "@mithai/db/schema";
import { orderNumberOf, type OrderStatus, type StatusHistoryEntry } from "@mithai/schema/order";
import type { ApiDeps } from "../context";
import { escapeHtml } from "../mail/html";
import type { MailRenderer } from "../mail/outbox";


/** Statuses the customer is told about by e-mail (the receipt already says "received"; "processing" is the kitchen's). */
export const NOTIFIED_STATUSES: ReadonlySet<string> = new Set<OrderStatus>(["Out for delivery", "Delivered", "Cancelled"]);

/**
 * Records a status change in the order's timeline (who, when) and, for the statuses customers hear about, writes
 * their mail to the outbox — inside the caller's transaction, with the change itself.
 */
export async function recordStatusChange(tx: Tx, change: { orderId: string; status: OrderStatus; changedBy: string | null; recipient: string }): Promise<void> {
  const [row] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: change.orderId, status: change.status, changedBy: change.changedBy })
    .returning({ id: orderStatusChanges.id });
  if (NOTIFIED_STATUSES.has(change.status)) {
    await tx.insert(mailOutbox).values({ kind: "order-status", subjectId: row!.id, recipient: change.recipient });
  }
}

export type { StatusHistoryEntry } from "@mithai/schema/order";

/** The timelines of these orders, oldest first, by order id. */
export async function statusHistoryByOrder(db: ApiDeps["db"], orderIds: string[]): Promise<Map<string, StatusHistoryEntry[]>> {
  const byOrder = new Map<string, StatusHistoryEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderStatusChanges.orderId, status: orderStatusChanges.status, at: orderStatusChanges.at, by: users.email })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.changedBy))
    .where(inArray(orderStatusChanges.orderId, orderIds))
    .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id));
  for (const row of rows) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), { status: row.status, at: row.at.toISOString(), by: row.by }]);
  }
  return byOrder;
}

const HEADLINES: Record<string, (number: string) => { subject: string; text: string }> = {
  "Out for delivery": (number) => ({ subject: `order ${number} is out for delivery`, text: `Your order ${number} has left our kitchen and is on its way to you.` }),
  Delivered: (number) => ({ subject: `order ${number} has been delivered`, text: `Your order ${number} has been delivered. We hope you enjoy every piece!` }),
  Cancelled: (number) => ({
    subject: `order ${number} has been cancelled`,
    text: `Your order ${number} has been cancelled. If you paid for it, the money goes back to your payment method; we write again when the refund is processed.`,
  }),
};

/** The status mail, rendered from the timeline entry when the outbox sends it. */
export const renderOrderStatusMail: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await db
    .select({ status: orderStatusChanges.status, orderId: orders.id, address: orders.address })
    .from(orderStatusChanges)
    .innerJoin(orders, eq(orders.id, orderStatusChanges.orderId))
    .where(eq(orderStatusChanges.id, row.subjectId));
  const headline = found && HEADLINES[found.status];
  if (!found || !headline) return null;
  const { subject, text } = headline(orderNumberOf(found.orderId));
  const ordersUrl = `${config.publicUrl}/user-dashboard/my-orders`;
  return {
    to: found.address.email,
    subject: `${config.shopName}: ${subject}`,
    text: [`Namaste ${found.address.fullName},`, "", text, "", `Your orders: ${ordersUrl}`, "", `— ${config.shopName}`].join("\n"),
    html: [
      `<p>Namaste ${escapeHtml(found.address.fullName)},</p>`,
      `<p>${escapeHtml(text)}</p>`,
      `<p><a href="${escapeHtml(ordersUrl)}">Your orders</a></p>`,
      `<p>— ${escapeHtml(config.shopName)}</p>`,
    ].join("\n"),
  };
};
