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
  send(message: MailMessage): Promise<void>;
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
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ outboxLogLink: _link, ...message }) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send({ outboxLogLink: link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, ...(link ? { link } : {}) }, "mail written to outbox");
    },
  };
}
