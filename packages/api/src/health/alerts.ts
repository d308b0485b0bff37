import { eq, lt, sql } from "@mithai/db/sql";
import { healthAlerts, mailOutbox, users } from "@mithai/db/schema";
import type { HealthCheckId, HealthProblem, HealthReport } from "@mithai/schema";
import type { ApiDeps } from "../context";
import { queuedMailColumns } from "../mail/outbox";

/** The red checks the admins are mailed about, and the problem each is. */
const PROBLEM_OF_CHECK: Partial<Record<HealthCheckId, HealthProblem>> = {
  payments: "payments-failing",
  outbox: "outbox-stuck",
  backup: "no-recent-backup",
};

/** At most one mail per problem in this long, whichever server noticed it. */
export const ALERT_EVERY_MS = 60 * 60_000;

/**
 * Mails every admin about each problem the report shows red (payments failing, the outbox stuck, no backup for a
 * day), at most once an hour per problem across all servers: the problem's row is claimed (inserted, or its
 * `last_sent_at` moved on when an hour has passed) and the admins' mails are queued in the same statement.
 * Answers the problems mailed about now.
 */
export async function alertAdmins(deps: Pick<ApiDeps, "db" | "outbox">, report: HealthReport, now = new Date()): Promise<HealthProblem[]> {
  const problems = report.checks.filter((c) => c.level === "red").flatMap((c) => PROBLEM_OF_CHECK[c.id] ?? []);
  const mailed: HealthProblem[] = [];
  for (const problem of problems) {
    const { db } = deps;
    const claimed = db.$with("claimed").as(
      db
        .insert(healthAlerts)
        .values({ problem, lastSentAt: now })
        .onConflictDoUpdate({ target: healthAlerts.problem, set: { lastSentAt: now }, setWhere: lt(healthAlerts.lastSentAt, new Date(now.getTime() - ALERT_EVERY_MS)) })
        .returning({ id: healthAlerts.id }),
    );
    const queued = db.$with("queued").as(
      db
        .insert(mailOutbox)
        .select(
          db
            .select(queuedMailColumns("health-alert", sql`${claimed.id}`, sql`${users.email}`))
            .from(claimed)
            .innerJoin(users, eq(users.role, "admin")),
        )
        .returning({ id: mailOutbox.id }),
    );
    const [row] = await db.with(claimed, queued).select({ id: claimed.id }).from(claimed);
    if (row) mailed.push(problem);
  }
  if (mailed.length > 0) deps.outbox.wake();
  return mailed;
}
