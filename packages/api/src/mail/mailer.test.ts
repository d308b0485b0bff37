import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mailer";
import { readNewestOutboxMail } from "./outbox";

describe("mailer without SMTP", () => {
  it("writes each mail as an .eml file with HTML and text parts", async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
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
