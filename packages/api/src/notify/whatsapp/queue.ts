import type { DbOrTx } from "@mithai/db/client";
import { mailOutbox, orders } from "@mithai/db/schema";
import { and, eq, isNotNull, sql } from "@mithai/db/sql";
import type { MailKind } from "@mithai/schema";
import { queuedMailColumns } from "../../mail/queue";
import type { PaidOrders } from "../../payments/paid-gate";

/**
 * WhatsApp messages are outbox rows too (channel `whatsapp`, to the order's `notify_whatsapp_to`), queued beside the
 * mail of the same news, in the same statement or transaction: an order whose customer did not opt in gets none.
 */

/** Queues the WhatsApp message about `subjectId` (a status change) for the order `orderId`, if its customer opted in. */
export async function queueOrderWhatsapp(db: DbOrTx, message: { kind: MailKind; subjectId: string; orderId: string }): Promise<void> {
  await db.insert(mailOutbox).select(
    db
      .select(queuedMailColumns(message.kind, sql`${message.subjectId}::uuid`, sql`${orders.notifyWhatsappTo}`, "whatsapp"))
      .from(orders)
      .where(and(eq(orders.id, message.orderId), isNotNull(orders.notifyWhatsappTo))),
  );
}

/** Finalisation step: the receipt on WhatsApp too, in the payment's own statement (never lost, never twice). */
export function receiptWhatsappStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("receipted_whatsapp").as(
    db
      .insert(mailOutbox)
      .select(
        db
          .select(queuedMailColumns("order-receipt", sql`${paid.id}`, sql`${paid.notifyWhatsappTo}`, "whatsapp"))
          .from(paid)
          .where(isNotNull(paid.notifyWhatsappTo)),
      )
      .returning({ id: mailOutbox.id }),
  );
}
