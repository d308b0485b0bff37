import { eq } from "@mithai/db/sql";
import { healthAlerts } from "@mithai/db/schema";
import type { HealthProblem } from "@mithai/schema";
import { escapeHtml } from "../mail/html";
import type { MailRenderer } from "../mail/outbox";

/** What each problem means for the shop and what to do first, as the alert mail says it. */
const PROBLEM_WORDS: Record<HealthProblem, { subject: string; lines: string[] }> = {
  "payments-failing": {
    subject: "payments are failing",
    lines: [
      "Calls to the payment service are failing: customers may not be able to pay.",
      "Check the payment service's status page and the Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET). Orders paid meanwhile are settled by the reconciler once it answers again.",
    ],
  },
  "outbox-stuck": {
    subject: "mail is not going out",
    lines: [
      "Mails (order receipts, password resets) are waiting in the outbox and not being sent.",
      "Check SMTP_URL and the mail server; the dashboard's \"Mails not delivered\" shows the last error, and \"Send again\" sends a mail once it is fixed.",
    ],
  },
  "no-recent-backup": {
    subject: "no backup for a day",
    lines: [
      "No backup of the shop has succeeded for more than a day.",
      "Check BACKUP_DIR (it must exist, be writable and have space) and the server's log, or run “npm run backup” now.",
    ],
  },
};

/**
 * The mail to an admin about a problem of the shop's running (one row per admin, written by `alertAdmins`). Kept
 * small and self-contained: plain words and one link to the health panel, which says what is wrong now.
 */
export const renderHealthAlert: MailRenderer = async ({ db, config }, row) => {
  if (!row.subjectId) return null;
  const [alert] = await db.select({ problem: healthAlerts.problem }).from(healthAlerts).where(eq(healthAlerts.id, row.subjectId));
  if (!alert) return null;
  const words = PROBLEM_WORDS[alert.problem];
  const panelUrl = `${config.publicUrl}/admin/health`;
  return {
    to: row.recipient,
    subject: `${config.shopName}: ${words.subject}`,
    text: [...words.lines, "", `The health panel: ${panelUrl}`, "", "You get this at most once an hour while the problem lasts."].join("\n"),
    html: [
      ...words.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(panelUrl)}">The health panel</a></p>`,
      "<p>You get this at most once an hour while the problem lasts.</p>",
    ].join("\n"),
  };
};
