import type { WhatsappConfig } from "../../context";
import { Undeliverable } from "../notifier";
import type { WhatsappMessage } from "./templates";

/** The Cloud API's address unless WHATSAPP_API_URL says otherwise (a newer Graph API version, or a test's fake). */
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

/** How long one call may take by default; it stays well inside the outbox's claim on the row. */
export const WHATSAPP_TIMEOUT_MS = 10_000;

/** The body of `POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` for a template message. */
export function cloudMessageBody(message: WhatsappMessage) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    // The Cloud API takes the number with its country code, digits only.
    to: message.to.replace(/\D/g, ""),
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
    },
  };
}

/**
 * Sends one template message through the WhatsApp Business Cloud API. A 400 is the API refusing this message (an
 * invalid or unknown number, a bad parameter, a template it does not have): `Undeliverable`, never retried. Anything
 * else that is not a success — no answer in time, a 5xx, 429 (too many), 401/403 (a token to renew) — throws to be
 * retried by the outbox.
 */
export async function sendCloudMessage(config: WhatsappConfig, message: WhatsappMessage): Promise<void> {
  const url = `${config.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
      body: JSON.stringify(cloudMessageBody(message)),
      signal: AbortSignal.timeout(config.timeoutMs ?? WHATSAPP_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "no answer in time" : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new Error(`WhatsApp Cloud API not reached: ${reason}`);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const problem = `WhatsApp Cloud API answered ${response.status}${await errorDetail(response)}`;
  if (response.status === 400) throw new Undeliverable(problem);
  throw new Error(problem);
}

/** The Graph API's error (`{ error: { message, code } }`) in a few words, when it gave one. */
async function errorDetail(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null && "error" in body ? (body.error as { message?: unknown; code?: unknown }) : null;
  if (!error) return "";
  const code = typeof error.code === "number" || typeof error.code === "string" ? ` (code ${error.code})` : "";
  return typeof error.message === "string" ? `: ${error.message.slice(0, 200)}${code}` : code;
}
