import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "@mithai/db/sql";
import { mailOutbox } from "@mithai/db/schema";
import type { MailKind } from "@mithai/schema/mail";
import type { ApiDeps } from "../context";
import type { MailMessage } from "./mailer";

/**
 * The mail outbox's worker. Mails are rows in `mail_outbox`, written in the same statement or transaction as the
 * change that causes them; every server runs one worker, which claims due rows (FOR UPDATE SKIP LOCKED, so two
 * servers never take the same row), renders and sends them, and marks them sent — or, when the mail server fails,
 * schedules the next attempt with backoff. A worker that dies mid-send leaves its rows claimed until the lease runs
 * out, then another takes them: a mail is never lost, and is sent twice only if a server dies in the instant between
 * the mail server accepting it and the row being marked.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The columns of outbox rows queued by a statement from its own rows (`insert into mail_outbox select …` over a CTE),
 * so a mail is written in the very statement that makes the change it tells of: one mail per source row.
 */
export function queuedMailColumns<K extends MailKind>(kind: K, subjectId: SQL, recipient: SQL) {
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
  };
}

/** Turns a row into the mail to send now; null when what it is about is gone (nothing to send). */
export type MailRenderer = (deps: OutboxDeps, row: OutboxRow) => Promise<MailMessage | null>;

type OutboxDeps = Pick<ApiDeps, "db" | "config" | "log" | "mailer">;

export interface OutboxTiming {
  /** How often an idle worker looks for due mail (writers also wake it at once). */
  pollMs: number;
  /** How long a claimed row is left to its worker: longer than any one send can take (the mailer's timeouts). */
  leaseMs: number;
  /** The wait after the first failure; it doubles with each further failure, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { pollMs: 500, leaseMs: 5 * 60_000, retryBaseMs: 30_000, retryMaxMs: 60 * 60_000 };

/** After this many failed attempts a mail shows on the admin dashboard as not delivered (it keeps being retried). */
export const UNDELIVERED_AFTER_ATTEMPTS = 3;

const BATCH_SIZE = 20;
/**
 * Mails of a batch sent at once, one per connection of nodemailer's SMTP pool (its default `maxConnections`). A
 * relay's round trips, not the shop, set the pace of one send (45 ms each on a local server, more across a network):
 * one at a time, a rush of orders would wait minutes for its receipts.
 */
export const MAIL_SEND_CONCURRENCY = 5;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, timing: Pick<OutboxTiming, "retryBaseMs" | "retryMaxMs">): number {
  return Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export interface MailOutbox {
  /** Starts polling (the server's start-up). */
  start(): void;
  /** A mail was just written: look now, not at the next poll. */
  wake(): void;
  /** Sends every mail due now and waits for mails being sent (tests; shutdown uses `stop`). */
  drain(): Promise<void>;
  /** Stops polling and waits for the mails being sent to finish (a stopping server finishes what it started). */
  stop(): Promise<void>;
}

export function createMailOutbox(deps: OutboxDeps, renderers: Record<MailKind, MailRenderer>, timing: Partial<OutboxTiming> = {}): MailOutbox {
  const { pollMs, leaseMs, retryBaseMs, retryMaxMs } = { ...DEFAULT_OUTBOX_TIMING, ...timing };
  const { db, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  /** Set by stop(): the mail under way is finished, nothing new is begun. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  /** Claims up to a batch of due rows for this worker. */
  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: OutboxRow): Promise<void> {
    // Only the worker holding the claim may settle the row (a row whose lease ran out may be another's by now).
    const mine = and(eq(mailOutbox.id, row.id), isNotNull(mailOutbox.lockedUntil), eq(mailOutbox.attempts, row.attempts));
    try {
      const message = await renderers[row.kind](deps, row);
      if (message) await deps.mailer.send(message);
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: message ? null : "nothing to send: what the mail was about is gone" })
        .where(mine);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retryDelayMs(row.attempts, { retryBaseMs, retryMaxMs });
      log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: error }, "mail not sent; it will be retried");
      await db
        .update(mailOutbox)
        .set({ lockedUntil: null, lastError: reason.slice(0, 500), nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'` })
        .where(mine);
    }
  }

  /** One claim and its sends, a few at once; the number of rows claimed. */
  async function runBatch(): Promise<number> {
    const rows = await claim();
    const unsent: OutboxRow[] = [];
    let next = 0;
    const sender = async () => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        // Stopping: the mails under way finish; the rest of the claim goes back for another server now, rather than
        // waiting here (or for the lease to run out).
        if (stopping) unsent.push(row);
        else await deliver(row);
      }
    };
    const senders = await Promise.allSettled(Array.from({ length: Math.min(MAIL_SEND_CONCURRENCY, rows.length) }, sender));
    await release(unsent);
    const failed = senders.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    return rows.length;
  }

  async function release(rows: OutboxRow[]): Promise<void> {
    for (const row of rows) {
      await db
        .update(mailOutbox)
        .set({ lockedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
        .where(and(eq(mailOutbox.id, row.id), isNotNull(mailOutbox.lockedUntil), eq(mailOutbox.attempts, row.attempts)));
    }
  }

  function schedule(delay: number): void {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(run, delay);
    timer.unref();
  }

  /** Runs batches until one comes back short; overlapping calls fold into the running one. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if ((await runBatch()) === BATCH_SIZE) again = true;
      } while (again && !stopping);
    })()
      .catch((error: unknown) => log.error({ err: error }, "mail outbox pass failed"))
      .finally(() => {
        running = null;
        schedule(pollMs);
      });
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (started) schedule(0);
    },
    async drain() {
      for (;;) {
        await running;
        if ((await runBatch()) === 0 && !running) return;
      }
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
