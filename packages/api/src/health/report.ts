import type { HealthCheck, HealthLevel, HealthReport } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { readShopFigures, type ShopFigures } from "./figures";
import type { HealthProbes } from "./probes";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const GB = 1024 ** 3;

/** Past these the outbox is late (amber) or stuck (red): a mail normally leaves within seconds. */
export const OUTBOX_LATE_SECONDS = 2 * MINUTE;
export const OUTBOX_STUCK_SECONDS = 15 * MINUTE;
/** Provider errors in an hour from which payments count as failing: at least this many, and at least half the calls. */
export const PAYMENTS_FAILING_ERRORS = 5;
/** A day and a little: a daily backup that ran late is not yet missing. */
export const BACKUP_MISSING_SECONDS = 25 * HOUR;
/** A due pending order unlooked-at this long means no reconciler runs. */
export const RECONCILER_LAGGING_SECONDS = 10 * MINUTE;

const check = (id: HealthCheck["id"], title: string, level: HealthLevel, summary: string, action: string | null = null): HealthCheck => ({ id, title, level, summary, action });

function ago(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s ago`;
  if (seconds < 90 * MINUTE) return `${Math.round(seconds / MINUTE)} min ago`;
  if (seconds < 48 * HOUR) return `${Math.round(seconds / HOUR)} h ago`;
  return `${Math.round(seconds / (24 * HOUR))} days ago`;
}

function bytesText(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function outboxCheck(figures: ShopFigures): HealthCheck {
  const { outboxWaiting: waiting, outboxFailing: failing, outboxOldestSeconds: oldest } = figures;
  const what = `${waiting} mail${waiting === 1 ? "" : "s"} waiting${waiting > 0 ? `, the oldest since ${ago(oldest)}` : ""}; ${failing} failing`;
  const fix = "Check SMTP_URL and the mail server; \"Mails not delivered\" on the dashboard shows the last error and sends again once it is fixed.";
  if (failing > 0 || oldest >= OUTBOX_STUCK_SECONDS) return check("outbox", "Mail", "red", what, fix);
  if (oldest >= OUTBOX_LATE_SECONDS) return check("outbox", "Mail", "amber", what, "Mail is slow to leave; if it stays so, check the mail server.");
  return check("outbox", "Mail", "green", what);
}

function reconcilerCheck(figures: ShopFigures, probes: HealthProbes, now: Date): HealthCheck {
  const last = probes.reconcilerLastPass();
  const lag = figures.reconcilerLagSeconds;
  const passText = last ? `last pass ${ago((now.getTime() - last.at.getTime()) / 1000)}${last.ok ? "" : " (it failed)"}` : "no pass yet on this server";
  const what = `${passText}; ${figures.ordersPending} order${figures.ordersPending === 1 ? "" : "s"} awaiting payment${lag > 0 ? `, the most overdue unchecked for ${Math.round(lag)} s` : ""}`;
  const sinceStart = (now.getTime() - (last?.at ?? probes.startedAt).getTime()) / 1000;
  const silent = sinceStart > (5 * probes.reconcileIntervalMs) / 1000;
  if (lag >= RECONCILER_LAGGING_SECONDS || silent) {
    return check("reconciler", "Payment reconciler", "red", what, "Payments whose browser never came back are not being settled: check the server's log for \"reconciler pass failed\" and that the database answers; restart the server if it persists.");
  }
  if (last && !last.ok) return check("reconciler", "Payment reconciler", "amber", what, "The last pass failed (see the server's log); the next one tries again.");
  return check("reconciler", "Payment reconciler", "green", what);
}

function paymentsCheck(probes: HealthProbes): HealthCheck {
  const { calls, errors } = probes.providerCallsLastHour();
  const what = `${errors} of ${calls} call${calls === 1 ? "" : "s"} to the payment service in the last hour got no good answer (this server)`;
  if (errors >= PAYMENTS_FAILING_ERRORS && errors * 2 >= calls) {
    return check("payments", "Payment service", "red", what, "Customers may not be able to pay: check the payment service's status and the Razorpay keys; the reconciler settles what was paid meanwhile.");
  }
  if (errors > 0) return check("payments", "Payment service", "amber", what, "A few calls failed; if more do, check the payment service's status.");
  return check("payments", "Payment service", "green", what);
}

function backupCheck(figures: ShopFigures, probes: HealthProbes, now: Date): HealthCheck {
  const last = figures.lastBackup;
  if (!last) {
    const what = probes.dailyBackups ? "no backup has succeeded yet" : "no backup yet, and daily backups are off (BACKUP_DIR unset)";
    const fix = "Run “npm run backup” (or “node apps/server/dist/backup.js” in the image) and set BACKUP_DIR for a daily one.";
    return check("backup", "Backups", probes.dailyBackups ? "red" : "amber", what, fix);
  }
  const age = (now.getTime() - last.finishedAt.getTime()) / 1000;
  const what = `last backup ${ago(age)}, ${bytesText(last.bytes)}${last.file ? ` (${last.file})` : ""}`;
  if (age >= BACKUP_MISSING_SECONDS) {
    return check("backup", "Backups", "red", what, "No backup for over a day: check BACKUP_DIR (exists, writable, has space) and the server's log, or run “npm run backup”.");
  }
  return check("backup", "Backups", "green", what);
}

async function diskCheck(probes: HealthProbes): Promise<HealthCheck> {
  const disk = await probes.diskSpace();
  if (!disk) return check("disk", "Disk space", "amber", "the free space of DATA_DIR's disk could not be read", "Check that DATA_DIR exists and is readable.");
  const share = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 1;
  const what = `${bytesText(disk.freeBytes)} free of ${bytesText(disk.totalBytes)} (${Math.round(share * 100)} %) in DATA_DIR`;
  if (disk.freeBytes < GB || share < 0.05) return check("disk", "Disk space", "red", what, "Free space now: old backups in BACKUP_DIR, logs; the database stops when the disk is full.");
  if (disk.freeBytes < 5 * GB || share < 0.15) return check("disk", "Disk space", "amber", what, "Space is running low: plan to free some or grow the disk.");
  return check("disk", "Disk space", "green", what);
}

async function redisCheck(probes: HealthProbes): Promise<HealthCheck> {
  const state = await probes.redis();
  if (state === "unused") return check("redis", "Redis", "green", "not used (REDIS_URL unset): each server counts its own rate limits");
  if (state === "ok") return check("redis", "Redis", "green", "answers: rate limits are shared by every server");
  return check("redis", "Redis", "red", "does not answer: each server counts its own rate limits meanwhile", "Check that Redis runs and REDIS_URL points at it.");
}

async function storageCheck(probes: HealthProbes): Promise<HealthCheck> {
  const { kind, ok } = await probes.storage();
  const where = kind === "s3" ? "the picture bucket (S3)" : "the picture folder (DATA_DIR/images)";
  if (ok) return check("storage", "Picture storage", "green", `${where} answers`);
  return check("storage", "Picture storage", "red", `${where} does not answer: pictures cannot be shown or uploaded`, kind === "s3" ? "Check the S3_* settings and the object store." : "Check that DATA_DIR/images exists and is readable.");
}

const LEVEL_ORDER: HealthLevel[] = ["green", "amber", "red"];

/** The shop's health, each part green, amber or red with what to do: the admin panel, `GET /api/admin/health`, `mithai-admin health`. */
export async function healthReport(deps: Pick<ApiDeps, "db" | "health">, now = new Date()): Promise<HealthReport> {
  const probes = deps.health;
  const figures = await readShopFigures(deps.db, probes.reconcileAfterMs);
  const checks = [
    outboxCheck(figures),
    reconcilerCheck(figures, probes, now),
    paymentsCheck(probes),
    backupCheck(figures, probes, now),
    ...(await Promise.all([diskCheck(probes), redisCheck(probes), storageCheck(probes)])),
  ];
  const level = LEVEL_ORDER[Math.max(...checks.map((c) => LEVEL_ORDER.indexOf(c.level)))]!;
  return { level, checkedAt: now.toISOString(), checks };
}
