import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "@mithai/db/sql";
import { mailOutbox } from "@mithai/db/schema";
import { preparedQuery } from "@mithai/db/client";
import type { ApiDeps } from "../context";
import type { MailKind } from "@mithai/schema";
import { Undeliverable, type Notifier, type Notifiers } from "../notify/notifier";
import type { MailMessage } from "./mailer";

/**
 * The mail outbox's worker. Mails are rows in `mail_outbox`, written in the same statement or transaction as the
 * change that causes them; every server runs one worker, which claims due rows (FOR UPDATE SKIP LOCKED, so two
 * servers never take the same row), renders and sends them, and marks them sent — or, when the mail server fails,
 * schedules the next attempt with backoff. A worker claims only the mails it sends at once, so the lease need only
 * outlast one send (the mailer's timeouts, `smtpLeaseMs`). A worker that dies mid-send leaves its rows claimed until
 * the lease runs out, then another takes them: a mail is never lost, and is sent twice only if a server dies in the
 * instant between the mail server accepting it and the row being marked. A row goes out on its `channel`, through
 * that channel's notifier (../notify/notifier.ts): a mail, or the same news as a WhatsApp message.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

// Every mail sent ends here: settled by the worker whose claim it still is (see `deliver`).
const markSent = preparedQuery((db) =>
  db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: sql`${sql.placeholder("lastError")}::text` })
    .where(and(eq(mailOutbox.id, sql.placeholder("id")), isNotNull(mailOutbox.lockedUntil), eq(mailOutbox.attempts, sql.placeholder("attempts"))))
    .prepare("outbox_mark_sent"),
);

export { queuedMailColumns } from "./queue";

/** Turns a row into the mail to send now; null when what it is about is gone (nothing to send). */
export type MailRenderer = (deps: OutboxDeps, row: OutboxRow) => Promise<MailMessage | null>;

export type OutboxDeps = Pick<ApiDeps, "db" | "config" | "log" | "mailer">;

/** The mail channel: the row rendered by its kind, sent by the mailer (read when sending: tests swap it). */
export function mailNotifier(deps: OutboxDeps, renderers: Record<MailKind, MailRenderer>): Notifier {
  return {
    async send(row) {
      const message = await renderers[row.kind](deps, row);
      if (message) await deps.mailer.send(message);
      return message !== null;
    },
  };
}

export interface OutboxTiming {
  /** How often an idle worker looks for due mail (writers also wake it at once). */
  pollMs: number;
  /** How long a claimed row is left to its worker: longer than one send can take (the mailer's timeouts). */
  leaseMs: number;
  /** The wait after the first failure; it doubles with each further failure, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { pollMs: 500, leaseMs: 2 * 60_000, retryBaseMs: 30_000, retryMaxMs: 60 * 60_000 };

/** After this many failed attempts a mail shows on the admin dashboard as not delivered (it keeps being retried). */
export const UNDELIVERED_AFTER_ATTEMPTS = 3;

/**
 * Mails claimed and sent at once, one per connection of nodemailer's SMTP pool (its default `maxConnections`). A
 * relay's round trips, not the shop, set the pace of one send (45 ms each on a local server, more across a network):
 * one at a time, a rush of orders would wait minutes for its receipts. No more are claimed than are being sent, so a
 * claimed mail is one under way (and a server killed mid-send holds back only these, for one lease).
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

export function createMailOutbox(deps: OutboxDeps, notifiers: Notifiers, timing: Partial<OutboxTiming> = {}): MailOutbox {
  const { pollMs, leaseMs, retryBaseMs, retryMaxMs } = { ...DEFAULT_OUTBOX_TIMING, ...timing };
  const { db, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  /** Set by stop(): the mail under way is finished, nothing new is begun. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  /** Claims up to `MAIL_SEND_CONCURRENCY` due rows for this worker. */
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
      .limit(MAIL_SEND_CONCURRENCY)
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
      const sent = await notifiers[row.channel].send(row);
      await markSent(db).execute({ id: row.id, attempts: row.attempts, lastError: sent ? null : "nothing to send: what the mail was about is gone" });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof Undeliverable) {
        // Settled, not sent: retrying cannot help (an invalid number). `last_error` keeps why.
        await db.update(mailOutbox).set({ sentAt: sql`now()`, lockedUntil: null, lastError: `undeliverable: ${reason}`.slice(0, 500) }).where(mine);
        log.warn({ mailId: row.id, kind: row.kind, channel: row.channel, cause: reason }, "message refused for good; it will not be retried");
        return;
      }
      const delay = retryDelayMs(row.attempts, { retryBaseMs, retryMaxMs });
      await db
        .update(mailOutbox)
        .set({ lockedUntil: null, lastError: reason.slice(0, 500), nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'` })
        .where(mine);
      // Logged once the row is back in the queue. One line with the cause ("connect ECONNREFUSED 127.0.0.1:25"): a mail
      // server that is down is not a bug, so no stack.
      log.warn({ mailId: row.id, kind: row.kind, channel: row.channel, attempts: row.attempts, retryInMs: delay, cause: reason }, "mail not sent; it will be retried");
    }
  }

  /** One claim and its sends, all at once; the number of rows claimed. */
  async function runBatch(): Promise<number> {
    if (stopping) return 0;
    const rows = await claim();
    const sends = await Promise.allSettled(rows.map(deliver));
    const failed = sends.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    return rows.length;
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
        if ((await runBatch()) === MAIL_SEND_CONCURRENCY) again = true;
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
