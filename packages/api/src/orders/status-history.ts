import type { Tx } from "@mithai/db/client";
import { asc, eq, inArray } from "@mithai/db/sql";
import { orderStatusChanges, orders, users } from "@mithai/db/schema";
import { queueMail } from "../mail/queue";
import { queueOrderWhatsapp } from "../notify/whatsapp/queue";
import { orderNumberOf, type OrderStatus, type StatusHistoryEntry } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { shopMail } from "../mail/layout";
import type { MailRenderer } from "../mail/outbox";
import { MAIL_STRINGS, type NotifiedStatus } from "../mail/strings";


/** Statuses the customer is told about by e-mail (the receipt already says "received"; "processing" is the kitchen's). */
export const NOTIFIED_STATUSES: ReadonlySet<string> = new Set<NotifiedStatus>(["Out for delivery", "Delivered", "Cancelled"]);

/**
 * Records a status change in the order's timeline (who, when) and, for the statuses customers hear about, queues their
 * mail to the account's e-mail (and the WhatsApp message, when they opted in) — inside the caller's transaction, with
 * the change itself (lifecycle/move.ts calls it).
 */
export async function recordStatusChange(tx: Tx, change: { orderId: string; status: OrderStatus; changedBy: string | null; userId: string }): Promise<void> {
  const [row] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: change.orderId, status: change.status, changedBy: change.changedBy })
    .returning({ id: orderStatusChanges.id });
  if (!NOTIFIED_STATUSES.has(change.status)) return;
  await queueMail(tx, { kind: "order-status", subjectId: row!.id, userId: change.userId });
  await queueOrderWhatsapp(tx, { kind: "order-status", subjectId: row!.id, orderId: change.orderId });
}

export type { StatusHistoryEntry } from "@mithai/schema";

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

const isNotified = (status: string): status is NotifiedStatus => NOTIFIED_STATUSES.has(status);

/** The status mail, rendered from the timeline entry when the outbox sends it, to the account it was queued for, in its language. */
export const renderOrderStatusMail: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [found] = await db
    .select({ status: orderStatusChanges.status, orderId: orders.id, name: users.name, language: users.language })
    .from(orderStatusChanges)
    .innerJoin(orders, eq(orders.id, orderStatusChanges.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderStatusChanges.id, row.subjectId));
  if (!found || !isNotified(found.status)) return null;
  const strings = MAIL_STRINGS[found.language];
  const number = orderNumberOf(found.orderId);
  const headline = strings.status.headlines[found.status];
  return shopMail(config, {
    to: row.recipient,
    language: found.language,
    subject: `${config.shopName}: ${headline.subject(number)}`,
    greeting: found.name,
    paragraphs: [headline.text(number)],
    facts: [strings.status.statusLine(strings.statusNames[found.status])],
    action: { label: strings.yourOrders, href: `${config.publicUrl}/user-dashboard/my-orders` },
  });
};
