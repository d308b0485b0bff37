import { z } from "zod";

/** How a backup was made: by `npm run backup` (or the image's `backup.js`), or by the server's daily run (BACKUP_DIR). */
export const BACKUP_KINDS = ["manual", "daily"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** The problems the shop mails its admins about, at most once an hour each. */
export const HEALTH_PROBLEMS = ["payments-failing", "outbox-stuck", "no-recent-backup"] as const;
export type HealthProblem = (typeof HEALTH_PROBLEMS)[number];

/** green: nothing to do; amber: look soon; red: act now. */
export const HEALTH_LEVELS = ["green", "amber", "red"] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

/** What the health panel (and `mithai-admin health`, `GET /api/admin/health`) looks at, in the order it shows them. */
export const HEALTH_CHECKS = ["outbox", "reconciler", "payments", "backup", "disk", "redis", "storage"] as const;
export type HealthCheckId = (typeof HEALTH_CHECKS)[number];

export const healthCheckSchema = z.object({
  id: z.enum(HEALTH_CHECKS),
  title: z.string(),
  level: z.enum(HEALTH_LEVELS),
  /** What was found, in a sentence with its figures. */
  summary: z.string(),
  /** What to do about it; null when nothing is needed. */
  action: z.string().nullable(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthReportSchema = z.object({
  /** The worst of the checks. */
  level: z.enum(HEALTH_LEVELS),
  checkedAt: z.string(),
  checks: z.array(healthCheckSchema),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/** REST answer of `GET /api/admin/health`. */
export const healthReportAnswerSchema = healthReportSchema.extend({ success: z.literal(true) });
