import type { PaymentStatus } from "@mithai/schema";
import { queryRows, type Db } from "@mithai/db/client";
import { sql } from "@mithai/db/sql";
import { UNDELIVERED_AFTER_ATTEMPTS } from "../mail/outbox";

/** What the database says about the shop's running, read in one statement: the metrics (at each scrape) and the health report share it. */
export interface ShopFigures {
  /** Mails not sent yet, and of those how many failed at least UNDELIVERED_AFTER_ATTEMPTS times. */
  outboxWaiting: number;
  outboxFailing: number;
  /** Age of the oldest mail not sent yet (0 with none). */
  outboxOldestSeconds: number;
  ordersPending: number;
  /**
   * How long the pending order most overdue for the reconciler has gone unlooked-at: an order is due once it is
   * `reconcileAfterMs` old, and each look claims it (its `updated_at`). Near 0 while reconcilers run; it grows
   * when none does.
   */
  reconcilerLagSeconds: number;
  /** The newest backup that succeeded, if any. */
  lastBackup: { finishedAt: Date; bytes: number; file: string | null } | null;
}

interface FiguresRow extends Record<string, unknown> {
  outbox_waiting: number;
  outbox_failing: number;
  outbox_oldest_seconds: number | null;
  orders_pending: number;
  reconciler_lag_seconds: number | null;
  backup_finished_at: string | Date | null;
  backup_bytes: number | string | null;
  backup_file: string | null;
}

/** The open order's payment status, as a parameter (never SQL text). */
const OPEN: PaymentStatus = "pending";

export async function readShopFigures(db: Db, reconcileAfterMs: number): Promise<ShopFigures> {
  const dueAge = sql`make_interval(secs => ${reconcileAfterMs / 1000})`;
  const [row] = await queryRows<FiguresRow>(db, sql`
    select
      (select count(*)::int from mail_outbox where sent_at is null) as outbox_waiting,
      (select count(*)::int from mail_outbox where sent_at is null and attempts >= ${UNDELIVERED_AFTER_ATTEMPTS}) as outbox_failing,
      (select extract(epoch from now() - min(created_at))::float8 from mail_outbox where sent_at is null) as outbox_oldest_seconds,
      (select count(*)::int from orders where payment_status = ${OPEN}) as orders_pending,
      (select extract(epoch from now() - min(greatest(updated_at, created_at + ${dueAge})))::float8
         from orders where payment_status = ${OPEN} and created_at < now() - ${dueAge}) as reconciler_lag_seconds,
      last_backup.finished_at as backup_finished_at, last_backup.bytes as backup_bytes, last_backup.file as backup_file
    from (select 1) as one
    left join lateral (select finished_at, bytes, file from backups where finished_at is not null order by finished_at desc limit 1) as last_backup on true`);
  if (!row) throw new Error("the figures query answered no row");
  return {
    outboxWaiting: row.outbox_waiting,
    outboxFailing: row.outbox_failing,
    outboxOldestSeconds: Math.max(0, row.outbox_oldest_seconds ?? 0),
    ordersPending: row.orders_pending,
    reconcilerLagSeconds: Math.max(0, row.reconciler_lag_seconds ?? 0),
    lastBackup: row.backup_finished_at ? { finishedAt: new Date(row.backup_finished_at), bytes: Number(row.backup_bytes ?? 0), file: row.backup_file } : null,
  };
}
