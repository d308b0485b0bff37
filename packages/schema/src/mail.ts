/** The kinds of mail the shop sends; each is rendered when it is sent, from the row it is about. */
export const MAIL_KINDS = ["order-receipt", "password-reset", "refund-processed", "order-status", "health-alert"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where an outbox row goes: an e-mail, or a WhatsApp template message to an order's opted-in mobile. */
export const OUTBOX_CHANNELS = ["mail", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
