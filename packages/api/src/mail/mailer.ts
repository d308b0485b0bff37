import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../context";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The mail's main link, logged when mail goes to the outbox so a developer can follow it without a mail client. */
  outboxLogLink?: string;
}

export interface Mailer {
  /** Sends now; the caller waits for the mail server (or the outbox file). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the current request has been answered: a slow mail server never holds up a customer.
   * A failure is logged, not thrown.
   */
  sendLater(message: MailMessage): void;
  /** Resolves once every mail handed to `sendLater` so far has been sent or has failed (tests, shutdown). */
  idle(): Promise<void>;
  /** Shutdown: waits for queued mail (idle), then closes the kept-open SMTP connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** SMTP server URL; without one every mail is written as a .eml file to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  log: Logger;
}

/** Outgoing mail through nodemailer: SMTP when configured, otherwise .eml files in DATA_DIR/outbox. */
export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(pooled(smtpUrl));
    const mailer = withBackgroundSending(log, async ({ outboxLogLink: _link, ...message }) => {
      await transport.sendMail({ from, ...message });
    });
    return {
      ...mailer,
      async close() {
        await mailer.close();
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let outboxReady: Promise<unknown> | undefined;
  return withBackgroundSending(log, async ({ outboxLogLink: link, ...message }) => {
    const info = await transport.sendMail({ from, ...message });
    outboxReady ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
      outboxReady = undefined;
      throw error;
    });
    await outboxReady;
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`);
    await writeFile(file, info.message as Buffer);
    log.info({ to: message.to, subject: message.subject, file, ...(link ? { link } : {}) }, "mail written to outbox");
  });
}

/**
 * The SMTP URL with connection pooling on (unless the URL says otherwise): a few kept-open connections carry every
 * mail, instead of a new connection (and TLS handshake) per receipt.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  return url.toString();
}

/** A mailer around one `send` function, adding `sendLater` (after the response) and `idle`. */
export function withBackgroundSending(log: Logger, send: (message: MailMessage) => Promise<void>): Mailer {
  const pending = new Set<Promise<void>>();
  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.all(pending);
  }
  return {
    send,
    sendLater(message) {
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send(message))
        .catch((error: unknown) => log.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent"))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle,
    close: idle,
  };
}
