import type { MailKind } from "@mithai/schema";
import { renderPasswordResetMail } from "../accounts/password-reset";
import { renderHealthAlert } from "../health/alert-mail";
import { renderOrderReceipt } from "../payments/confirmation-mail";
import { renderOrderStatusMail } from "../orders/status-history";
import { renderRefundProcessed } from "../refunds/refund-mail";
import { whatsappNotifier } from "../notify/whatsapp/notifier";
import { createMailOutbox, mailNotifier, type MailOutbox, type MailRenderer, type OutboxDeps, type OutboxTiming } from "./outbox";

/** Every kind of mail the shop sends, and how its row becomes the mail. */
export const MAIL_RENDERERS: Record<MailKind, MailRenderer> = {
  "order-receipt": renderOrderReceipt,
  "password-reset": renderPasswordResetMail,
  "refund-processed": renderRefundProcessed,
  "order-status": renderOrderStatusMail,
  "health-alert": renderHealthAlert,
};

/** The shop's outbox worker (one per server), with every channel's notifier. */
export function createShopOutbox(deps: OutboxDeps, timing?: Partial<OutboxTiming>): MailOutbox {
  return createMailOutbox(deps, { mail: mailNotifier(deps, MAIL_RENDERERS), whatsapp: whatsappNotifier(deps) }, timing);
}
