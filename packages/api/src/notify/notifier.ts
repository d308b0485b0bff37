import type { OutboxChannel } from "@mithai/schema";
import type { OutboxRow } from "../mail/outbox";

/**
 * How the outbox sends a row on its channel (DECISIONS "The shopper's next step"): one notifier per channel — the
 * mail, WhatsApp — so another (SMS) is a notifier and a channel name, not a second outbox. A notifier renders the
 * row from what it is about when it is due, then sends it.
 */
export interface Notifier {
  /**
   * Sends the row's message now: true when sent, false when there is nothing to send (what it was about is gone).
   * Throws to have the row retried later, or throws `Undeliverable` when no retry can help.
   */
  send(row: OutboxRow): Promise<boolean>;
}

export type Notifiers = Record<OutboxChannel, Notifier>;

/** The channel refused this message for good (an invalid number, say): the outbox records why and does not retry. */
export class Undeliverable extends Error {}
