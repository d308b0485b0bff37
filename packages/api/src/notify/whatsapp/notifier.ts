import type { ApiDeps } from "../../context";
import type { Notifier } from "../notifier";
import { sendCloudMessage } from "./cloud-api";
import { keepSandboxMessage } from "./sandbox";
import { renderWhatsappMessage } from "./templates";

/**
 * The outbox's WhatsApp channel: the row becomes its template message when it is due, sent through the Cloud API
 * (cloud mode) or kept by the sandbox. With WhatsApp off no row is ever queued (place refuses the opt-in); one left
 * from before is not sent.
 */
export function whatsappNotifier(deps: Pick<ApiDeps, "db" | "config" | "log">): Notifier {
  return {
    async send(row) {
      const { whatsapp } = deps.config;
      if (whatsapp.mode === "off") return false;
      const message = await renderWhatsappMessage(deps, row);
      if (!message) return false;
      if (whatsapp.mode === "cloud") await sendCloudMessage(whatsapp, message);
      else await keepSandboxMessage(deps.db, row.id, message);
      deps.log.info({ outboxId: row.id, kind: row.kind, template: message.template, mode: whatsapp.mode }, "WhatsApp message sent");
      return true;
    },
  };
}
