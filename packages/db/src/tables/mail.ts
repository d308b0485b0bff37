import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MAIL_KINDS, OUTBOX_CHANNELS } from "@mithai/schema";
import { checkOneOf } from "./one-of";

/**
 * Every mail the shop sends, written in the same statement or transaction as the change that causes it (a payment,
 * a reset request) and sent by the outbox worker that every server runs. A row is claimed for a while
 * (`locked_until`) by one worker at a time (FOR UPDATE SKIP LOCKED), retried with backoff on failure, and done once
 * `sent_at` is set. Nothing secret is stored: a reset link is made when its mail is sent.
 * A password reset request writes its row whether or not the e-mail has an account (the same work either way);
 * the worker finds the account when it sends, and sends nothing when there is none.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    /** The order (receipt), refund or status change a mail is about (none for a password reset, which goes to the account of `recipient`, if any). */
    subjectId: uuid("subject_id"),
    /** Where it goes (for a password reset: the e-mail that was asked about, with or without an account). */
    recipient: text("recipient").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker is sending it until then; a worker that died lets it go when this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A mail, or the same news as a WhatsApp message (`recipient` is then the +91 mobile). Last: statements that queue by `insert … select` list every column in this order. */
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("mail"),
  },
  (t) => [
    checkOneOf("mail_outbox_kind_known", t.kind, MAIL_KINDS),
    checkOneOf("mail_outbox_channel_known", t.channel, OUTBOX_CHANNELS),
    check("mail_outbox_receipt_has_order", sql`${t.kind} = 'password-reset' or ${t.subjectId} is not null`),
    // One mail per processed refund, whichever of webhook and reconciler settled it.
    uniqueIndex("mail_outbox_one_refund_mail").on(t.subjectId, t.channel).where(sql`${t.kind} = 'refund-processed'`),
    // One receipt per order, whatever path finalised it.
    uniqueIndex("mail_outbox_one_receipt").on(t.subjectId, t.channel).where(sql`${t.kind} = 'order-receipt'`),
    // The worker's scan: unsent mail by due time.
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);
