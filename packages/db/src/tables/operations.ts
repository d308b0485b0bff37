import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BACKUP_KINDS, HEALTH_PROBLEMS } from "@mithai/schema";
import { checkOneOf } from "./one-of";

/**
 * Every backup the shop made (`npm run backup`, or the server's daily one), written when it finished or failed: the
 * health panel shows the last and its size, and its owner is told when none succeeded for a day. A daily backup's
 * row is written first, with its day (`daily_key`), so that of several servers one makes it.
 */
export const backups = pgTable(
  "backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: BACKUP_KINDS }).notNull(),
    /** YYYY-MM-DD (shop time) of a daily backup; the server that writes the day's row makes it. */
    dailyKey: text("daily_key").unique(),
    /** Where it was written (a path on the machine that made it). */
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when it succeeded; a row without it and without an error is one being made. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [checkOneOf("backups_kind_known", t.kind, BACKUP_KINDS), index("backups_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`)],
);

/**
 * When the shop's admins were last mailed about each problem (at most once an hour each, whichever server noticed).
 * `id` is what the alert mail's outbox row is about.
 */
export const healthAlerts = pgTable(
  "health_alerts",
  {
    problem: text("problem", { enum: HEALTH_PROBLEMS }).primaryKey(),
    id: uuid("id").notNull().defaultRandom().unique(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [checkOneOf("health_alerts_problem_known", t.problem, HEALTH_PROBLEMS)],
);

/**
 * Requests sent with an `Idempotency-Key` header (admin item add): the first one's answer, kept 24 hours, so a retried
 * request answers it again and changes nothing. A row without `answer` is a request still being carried out.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What was asked (`food.add`). */
    scope: text("scope").notNull(),
    /** Who asked (the admin's user id): one admin's key never answers another's request. */
    actorId: uuid("actor_id").notNull(),
    key: text("key").notNull(),
    answer: jsonb("answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idempotent_requests_key").on(t.scope, t.actorId, t.key), index("idempotent_requests_created_idx").on(t.createdAt)],
);
