/** The kinds of mail the shop sends; each is rendered when it is sent, from the row it is about. */
export const MAIL_KINDS = ["order-receipt", "password-reset", "refund-processed", "order-status"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
