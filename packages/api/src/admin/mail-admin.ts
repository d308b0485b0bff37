import { and, desc, eq, gte, isNull, sql } from "@mithai/db/sql";
import { mailOutbox } from "@mithai/db/schema";
import type { UndeliveredMail } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { AppError } from "../errors";
import { UNDELIVERED_AFTER_ATTEMPTS } from "../mail/outbox";

const UNDELIVERED_LIST_LIMIT = 50;

/** Mails the outbox keeps failing to send (newest first, at most 50): the dashboard's "Mails not delivered". */
export async function listUndeliveredMail(deps: Pick<ApiDeps, "db">): Promise<UndeliveredMail[]> {
  const rows = await deps.db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, UNDELIVERED_AFTER_ATTEMPTS)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(UNDELIVERED_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  }));
}

/** Makes an unsent mail due now (e.g. once the mail server is fixed) and wakes the worker. */
export async function retryMail(deps: Pick<ApiDeps, "db" | "outbox">, id: string): Promise<{ message: string }> {
  const [row] = await deps.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  if (!row) throw new AppError("NOT_FOUND", "No unsent mail with this id (it may have been sent meanwhile).");
  deps.outbox.wake();
  return { message: "The mail will be sent again now." };
}
