import type { DbOrTx } from "@mithai/db/client";
import { mailOutbox, users } from "@mithai/db/schema";
import { eq, sql, type SQL, type SQLWrapper } from "@mithai/db/sql";
import type { MailKind, OutboxChannel } from "@mithai/schema";
import type { PaidOrders } from "../payments/paid-gate";

/**
 * The one way a mail is queued: a row in the outbox, written in the caller's transaction (or statement) with the
 * change it tells of, and sent by the outbox worker (outbox.ts). Order mails go to the ACCOUNT's e-mail, read here
 * when the mail is queued; the delivery contact's `address.email` is kept with the order but never mailed
 * (DECISIONS "Abuse and faults").
 */

/** SQL for the e-mail of the account `userId` (an id, or a column of the surrounding statement). */
export function accountEmailSql(userId: string | SQLWrapper): SQL<string> {
  return sql<string>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}

/** Queues one mail about `subjectId` to the account `userId`'s e-mail, or to `recipient` (a password reset, a health alert). */
export async function queueMail(
  db: DbOrTx,
  mail: { kind: MailKind; subjectId?: string | null } & ({ userId: string } | { recipient: string }),
): Promise<void> {
  if ("recipient" in mail) {
    await db.insert(mailOutbox).values({ kind: mail.kind, subjectId: mail.subjectId ?? null, recipient: mail.recipient });
    return;
  }
  // Insert … select: the account's e-mail as it is in this transaction.
  await db.insert(mailOutbox).select(
    db
      .select(queuedMailColumns(mail.kind, mail.subjectId ? sql`${mail.subjectId}::uuid` : sql`null::uuid`, sql`${users.email}`))
      .from(users)
      .where(eq(users.id, mail.userId)),
  );
}

/**
 * The columns of outbox rows queued by a statement from its own rows (`insert into mail_outbox select …` over a CTE),
 * so a mail is written in the very statement that makes the change it tells of: one mail per source row. For an
 * order mail the recipient is `accountEmailSql(<the order's user_id>)`.
 */
export function queuedMailColumns<K extends MailKind>(kind: K, subjectId: SQL, recipient: SQL, channel: OutboxChannel = "mail") {
  return {
    id: sql<string>`gen_random_uuid()`.as("id"),
    kind: sql<K>`${kind}::text`.as("kind"),
    subjectId: sql<string>`${subjectId}`.as("subject_id"),
    recipient: sql<string>`${recipient}`.as("recipient"),
    attempts: sql<number>`0`.as("attempts"),
    nextAttemptAt: sql<Date>`now()`.as("next_attempt_at"),
    lockedUntil: sql<Date | null>`null::timestamptz`.as("locked_until"),
    lastError: sql<string | null>`null::text`.as("last_error"),
    sentAt: sql<Date | null>`null::timestamptz`.as("sent_at"),
    createdAt: sql<Date>`now()`.as("created_at"),
    // Last, as in the table: `insert … select` lists every column in the table's order.
    channel: sql<OutboxChannel>`${channel}::text`.as("channel"),
  };
}

/** Finalisation step: the receipt, queued to the account's e-mail in the payment's own statement (never lost, never twice). */
export function receiptMailStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("receipted").as(
    db
      .insert(mailOutbox)
      .select(db.select(queuedMailColumns("order-receipt", sql`${paid.id}`, accountEmailSql(paid.userId))).from(paid))
      .returning({ id: mailOutbox.id }),
  );
}
