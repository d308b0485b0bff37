/**
 * Order updates on WhatsApp (DECISIONS "The shopper's next step"): `cloud` sends template messages through the
 * WhatsApp Business Cloud API (WHATSAPP_TOKEN set); `sandbox` keeps them in the database and shows them at
 * /sandbox/whatsapp (development, no token); `off` offers no opt-in (a production shop without a token).
 */
export const WHATSAPP_MODES = ["cloud", "sandbox", "off"] as const;
export type WhatsappMode = (typeof WHATSAPP_MODES)[number];

/** The page of the WhatsApp sandbox and what its list answers (`GET /sandbox/whatsapp/messages`), newest first. */
export const SANDBOX_WHATSAPP_PATH = "/sandbox/whatsapp";
export const SANDBOX_WHATSAPP_MESSAGES_PATH = "/sandbox/whatsapp/messages";

export interface SandboxWhatsappMessage {
  /** The mobile it would have gone to, `+91` and 10 digits. */
  to: string;
  /** The template's name, as WHATSAPP_TEMPLATE_* names it. */
  template: string;
  /** The template's text with its parameters filled in: what the customer would read. */
  text: string;
  /** When it was "sent" (ISO). */
  at: string;
}
