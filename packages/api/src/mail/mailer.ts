import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
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
  /** Sends now; the caller (the outbox worker) waits for the mail server (or the .eml file). */
  send(message: MailMessage): Promise<void>;
  /** Shutdown: closes the kept-open SMTP connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** SMTP server URL; without one every mail is written as a .eml file to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  log: Logger;
}

/**
 * A nodemailer transport made on the first mail: nodemailer loads then, not when the server starts (most starts send
 * no mail before a customer pays). `started()`: the transport once a mail asked for it, else undefined.
 */
function lazyTransport<T extends Transporter>(make: (mailer: typeof import("nodemailer")) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: () => (transport ??= import("nodemailer").then(({ default: mailer }) => make(mailer))),
    started: () => transport,
  };
}

/** Outgoing mail through nodemailer: SMTP when configured, otherwise .eml files in DATA_DIR/outbox. */
export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const smtp = lazyTransport((mailer) => mailer.createTransport(withSmtpDefaults(smtpUrl)));
    return {
      async send({ outboxLogLink: _link, ...message }) {
        await (await smtp.get()).sendMail({ from, ...message });
      },
      async close() {
        (await smtp.started()?.catch(() => undefined))?.close();
      },
    };
  }
  const stream = lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  let outboxReady: Promise<unknown> | undefined;
  async function send({ outboxLogLink: link, ...message }: MailMessage): Promise<void> {
    const info = await (await stream.get()).sendMail({ from, ...message });
    outboxReady ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
      outboxReady = undefined;
      throw error;
    });
    await outboxReady;
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`);
    await writeFile(file, info.message as Buffer);
    log.info({ to: message.to, subject: message.subject, file, ...(link ? { link } : {}) }, "mail written to outbox");
  }
  return { send, close: async () => {} };
}

/**
 * The SMTP URL with the shop's defaults where the URL does not say otherwise: connection pooling (a few kept-open
 * connections carry every mail, instead of a new connection and TLS handshake per receipt), and bounded waits, so a
 * mail server that hangs fails the attempt (the outbox retries it) long before the worker's claim on it runs out.
 */
export const SMTP_DEFAULTS = { pool: "true", connectionTimeout: "15000", greetingTimeout: "15000", socketTimeout: "30000" } as const;

export function withSmtpDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(SMTP_DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * How long the outbox leaves a claimed mail to the worker sending it: twice the longest one send may take by the SMTP
 * URL's timeouts (connection, greeting, then the socket's). Without SMTP (.eml files) a send is a file write.
 */
export function smtpLeaseMs(smtpUrl: string | undefined): number {
  if (!smtpUrl) return 30_000;
  const params = new URL(withSmtpDefaults(smtpUrl)).searchParams;
  const timeout = (key: keyof typeof SMTP_DEFAULTS) => Number(params.get(key)) || Number(SMTP_DEFAULTS[key]);
  return 2 * (timeout("connectionTimeout") + timeout("greetingTimeout") + timeout("socketTimeout"));
}
