import { SMTPServer } from "smtp-server";
import { orderNumberOf } from "@mithai/schema";

/**
 * A real SMTP server for tests, on a fixed port, that can be stopped and started again; counts receipts per order.
 * `delayMs` holds each mail's DATA answer back (a slow mail server: a send stays under way that long); `sending`
 * counts the mails under way right now.
 */
export class MailServer {
  private server: SMTPServer | undefined;
  readonly received: string[] = [];
  delayMs = 0;
  sending = 0;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, _session, callback) => {
        this.sending++;
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          setTimeout(() => {
            this.sending--;
            this.received.push(raw);
            callback();
          }, this.delayMs);
        });
      },
    });
    // A sender killed mid-mail resets its connection: that is the sender's failure, not the test's.
    server.on("error", () => undefined);
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    // Kept-open pooled connections would hold close() back: cut them, as a crashed mail server would.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) connection.close();
    });
  }

  receiptsFor(orderId: string): number {
    return this.received.filter((mail) => mail.includes(`order ${orderNumberOf(orderId)} confirmed`)).length;
  }
}
