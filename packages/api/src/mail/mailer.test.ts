import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { createMailer, smtpLeaseMs, withSmtpDefaults } from "./mailer";

const silent = { info() {}, warn() {}, error() {} };
import { readNewestOutboxMail } from "./eml-files";

describe("mailer without SMTP", () => {
  it("writes each mail as an .eml file with HTML and text parts", async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    onTestFinished(() => rm(outboxDir, { recursive: true, force: true }));
    const logged: unknown[] = [];
    const mailer = createMailer({ from: "Mithai <no-reply@mithai.local>", outboxDir, log: { info: (o) => logged.push(o), warn() {}, error() {} } });
    await mailer.send({ to: "asha@example.in", subject: "Hello", html: "<p>Namaste <b>Asha</b></p>", text: "Namaste Asha" });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir, files[0]!), "utf8");
    expect(eml).toContain("To: asha@example.in");
    expect(eml).toContain("Subject: Hello");
    expect(eml).toContain("text/html");
    expect(eml).toContain("Namaste Asha");
    expect(logged).toHaveLength(1);
  });
});

describe("reading the outbox", () => {
  it("gives the newest mail with quoted-printable encoding undone", async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    onTestFinished(() => rm(outboxDir, { recursive: true, force: true }));
    expect(await readNewestOutboxMail(outboxDir)).toBeNull();
    const mailer = createMailer({ from: "Mithai <no-reply@mithai.local>", outboxDir, log: { info() {}, warn() {}, error() {} } });
    const link = `https://shop.example.in/reset-password?token=${"x".repeat(80)}`;
    await mailer.send({ to: "a@example.in", subject: "First", html: "<p>first</p>", text: "first" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({ to: "b@example.in", subject: "Second", html: `<a href="${link}">Reset — now</a>`, text: `Open ${link} — now` });
    const mail = await readNewestOutboxMail(outboxDir);
    expect(mail).toContain("Subject: Second");
    expect(mail).toContain(`Open ${link} — now`);
    expect(mail).toContain(`<a href="${link}">`);
  });
});

describe("mailer with SMTP", () => {
  it("delivers every mail over one kept-open pooled connection", async () => {
    const { SMTPServer } = await import("smtp-server");
    const received: string[] = [];
    let connections = 0;
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, _session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const { port } = sink.server.address() as { port: number };
    try {
      expect(withSmtpDefaults(`smtp://127.0.0.1:${port}`)).toBe(
        `smtp://127.0.0.1:${port}?pool=true&connectionTimeout=15000&greetingTimeout=15000&socketTimeout=30000`,
      );
      expect(withSmtpDefaults("smtp://mail.example.in:25?pool=false&socketTimeout=5000")).toBe(
        "smtp://mail.example.in:25?pool=false&socketTimeout=5000&connectionTimeout=15000&greetingTimeout=15000",
      );
      const mailer = createMailer({ from: "Mithai <no-reply@mithai.local>", smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", log: silent });
      await mailer.send({ to: "asha@example.in", subject: "First", html: "<p>1</p>", text: "1" });
      await mailer.send({ to: "asha@example.in", subject: "Second", html: "<p>2</p>", text: "2" });
      await mailer.send({ to: "ravi@example.in", subject: "Third", html: "<p>3</p>", text: "3" });
      expect(received.map((mail) => mail.match(/^Subject: (.*)$/m)?.[1])).toEqual(["First", "Second", "Third"]);
      expect(connections).toBe(1);
      // Shutdown closes the kept-open connection (the sink would otherwise wait 30 s for it).
      await mailer.close();
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });

  it("rejects when the mail server cannot be reached (the outbox retries it later)", async () => {
    const mailer = createMailer({
      from: "Mithai <no-reply@mithai.local>",
      smtpUrl: "smtp://127.0.0.1:1?pool=false",
      outboxDir: "/nonexistent",
      log: silent,
    });
    await expect(mailer.send({ to: "asha@example.in", subject: "Lost", html: "<p>x</p>", text: "x" })).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();
  });

  it("leaves a claimed mail to its worker for twice the longest one send may take by the SMTP URL's timeouts", () => {
    expect(smtpLeaseMs("smtp://mail.example.in:25")).toBe(2 * (15_000 + 15_000 + 30_000));
    expect(smtpLeaseMs("smtp://mail.example.in:25?connectionTimeout=3000&greetingTimeout=3000&socketTimeout=6000")).toBe(24_000);
    expect(smtpLeaseMs(undefined)).toBe(30_000);
  });
});
