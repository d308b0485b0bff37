import type { MailKind } from "@mithai/schema/mail";
import { renderPasswordResetMail } from "../accounts/password-reset";
import type { ApiDeps } from "../context";
import { renderOrderReceipt } from "../payments/confirmation-mail";
import { renderOrderStatusMail } from "../orders/status-history";
import { renderRefundProcessed } from "../refunds/refund-mail";
import { createMailOutbox, type MailOutbox, type MailRenderer, type OutboxTiming } from "./outbox";

/** Every kind of mail the shop sends, and how its row becomes the mail. */
export const MAIL_RENDERERS: Record<MailKind, MailRenderer> = {
  "order-receipt": renderOrderReceipt,
  "password-reset": renderPasswordResetMail,
  "refund-processed": renderRefundProcessed,
  "order-status": renderOrderStatusMail,
};

/** The shop's outbox worker (one per server). */
export function createShopOutbox(deps: Pick<ApiDeps, "db" | "config" | "log" | "mailer">, timing?: Partial<OutboxTiming>): MailOutbox {
  return createMailOutbox(deps, MAIL_RENDERERS, timing);
}
