import type { UndeliveredMail as UndeliveredMailRow } from "@mithai/schema";
import { formatAdminDateTime } from "../format";
import { adminTrpc } from "../trpc";

const KIND_LABELS: Record<UndeliveredMailRow["kind"], string> = {
  "order-receipt": "Order receipt",
  "password-reset": "Password reset",
  "refund-processed": "Refund processed",
  "order-status": "Order status update",
  "health-alert": "Health alert to admins",
};

/**
 * Mails the shop keeps failing to send (the mail server refuses them or is down): shown on the dashboard with the
 * last error, so the kitchen knows a customer has not heard from it; each can be sent again once the cause is fixed.
 * Nothing shows while every mail goes out.
 */
export function UndeliveredMail() {
  const utils = adminTrpc.useUtils();
  const mails = adminTrpc.admin.undeliveredMail.useQuery(undefined, { refetchInterval: 60_000 });
  const retry = adminTrpc.admin.retryMail.useMutation({ onSettled: () => utils.admin.undeliveredMail.invalidate() });
  if (!mails.data?.length) return null;
  return (
    <section className="undelivered-mail" aria-labelledby="undelivered-mail-heading">
      <h2 id="undelivered-mail-heading">Messages not delivered ({mails.data.length})</h2>
      <p className="muted">
        The shop keeps trying each of these (at most hourly). Check the mail settings (SMTP_URL) for e-mails and the WhatsApp settings (WHATSAPP_TOKEN) for
        WhatsApp messages, then send them again.
      </p>
      <ul>
        {mails.data.map((mail) => (
          <li key={mail.id}>
            <div>
              <strong>{KIND_LABELS[mail.kind]}</strong> {mail.channel === "whatsapp" ? "on WhatsApp" : "by e-mail"} to {mail.recipient}
              <br />
              <small>
                Since {formatAdminDateTime(new Date(mail.createdAt))} · {mail.attempts} attempts
                {mail.lastError ? ` · ${mail.lastError}` : ""}
              </small>
            </div>
            <button type="button" className="btn-small" disabled={retry.isPending} onClick={() => retry.mutate({ id: mail.id })}>
              Send again
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
