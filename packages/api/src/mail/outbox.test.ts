import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq, inArray, sql } from "@mithai/db/sql";
import { mailOutbox } from "@mithai/db/schema";
import { createTestDb } from "@mithai/db/testing";
import { listUndeliveredMail, retryMail } from "../admin/mail-admin";
import { appErrorOf, silentLog, TEST_CONFIG } from "../testing";
import type { MailMessage } from "./mailer";
import { whatsappNotifier } from "../notify/whatsapp/notifier";
import { createMailOutbox, mailNotifier, MAIL_SEND_CONCURRENCY, retryDelayMs, UNDELIVERED_AFTER_ATTEMPTS, type MailOutbox, type MailRenderer, type OutboxDeps, type OutboxTiming } from "./outbox";

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

/** A mail per row, addressed to the row's recipient with its id as the subject. */
const echo: MailRenderer = async (_deps, row) => ({ to: row.recipient, subject: row.id, text: "hello", html: "<p>hello</p>" });
const ECHO_RENDERERS = { "order-receipt": echo, "password-reset": echo, "refund-processed": echo, "order-status": echo, "health-alert": echo };

/** An outbox whose mails are echoes of their rows. */
const echoOutbox = (deps: OutboxDeps, timing?: Partial<OutboxTiming>): MailOutbox =>
  createMailOutbox(deps, { mail: mailNotifier(deps, ECHO_RENDERERS), whatsapp: whatsappNotifier(deps) }, timing);

/** A worker on the test database whose mails land in `sent` (after `delayMs`, as a slow mail server), or fail. */
function worker(sent: MailMessage[], options: { delayMs?: number; fail?: () => boolean } = {}): MailOutbox {
  return echoOutbox(
    {
      db: database.db,
      config: TEST_CONFIG,
      log: silentLog,
      mailer: {
        async send(message) {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          if (options.fail?.()) throw new Error("421 mail server busy");
          sent.push(message);
        },
        async close() {},
      },
    },
    { pollMs: 20, retryBaseMs: 60_000 },
  );
}

async function queue(count: number): Promise<string[]> {
  const rows = await database.db
    .insert(mailOutbox)
    .values(Array.from({ length: count }, (_, i) => ({ kind: "order-receipt" as const, subjectId: randomUUID(), recipient: `person${i}@example.in` })))
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

describe("the mail outbox", () => {
  it("waits longer after each failure, doubling from the first wait up to the most", () => {
    const timing = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelayMs(attempts, timing))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it("two workers draining the same rows send each mail exactly once", async () => {
    const ids = await queue(45);
    const sent: MailMessage[] = [];
    const one = worker(sent, { delayMs: 5 });
    const two = worker(sent, { delayMs: 5 });
    await Promise.all([one.drain(), two.drain(), one.drain()]);
    expect(sent.map((mail) => mail.subject).sort()).toEqual([...ids].sort());
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
  });

  it("sends a batch a few mails at once, never more than the SMTP pool's connections", async () => {
    const ids = await queue(12);
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    const outbox = echoOutbox(
      {
        db: database.db,
        config: TEST_CONFIG,
        log: silentLog,
        mailer: {
          async send(message) {
            most = Math.max(most, ++inFlight);
            await new Promise((resolve) => setTimeout(resolve, 50));
            inFlight--;
            sent.push(message.subject);
          },
          async close() {},
        },
      },
      );
    await outbox.drain();
    expect(most).toBe(MAIL_SEND_CONCURRENCY);
    expect(sent.sort()).toEqual([...ids].sort());
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((row) => row.sentAt instanceof Date && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
  });

  it("leaves a row claimed by another worker alone until its claim runs out, then sends it", async () => {
    const [id] = await queue(1);
    // A worker claimed it and died: its claim still holds.
    await database.db
      .update(mailOutbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, id!));
    const sent: MailMessage[] = [];
    const survivor = worker(sent);
    await survivor.drain();
    expect(sent).toHaveLength(0);

    await database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id!));
    await survivor.drain();
    expect(sent.map((mail) => mail.subject)).toEqual([id]);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null });
  });

  it("a started worker sends what is written when woken, and stopping waits for the mail being sent", async () => {
    const sent: MailMessage[] = [];
    const running = worker(sent, { delayMs: 300 });
    running.start();
    try {
      const [id] = await queue(1);
      running.wake();
      const deadline = Date.now() + 5000;
      // Claimed (the send is under way, 300 ms) …
      for (;;) {
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
        if (row!.lockedUntil) break;
        if (Date.now() > deadline) throw new Error("the worker did not claim the mail");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // … and stopping lets it finish.
      await running.stop();
      expect(sent.map((mail) => mail.subject)).toEqual([id]);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await running.stop();
    }
  });

  it("claims only the mails it sends at once; a stopping worker finishes those and claims nothing more", async () => {
    const ids = await queue(MAIL_SEND_CONCURRENCY + 2);
    const sent: MailMessage[] = [];
    const stopping = worker(sent, { delayMs: 300 });
    stopping.start();
    const claimed = () => database.db.select().from(mailOutbox).where(sql`${mailOutbox.lockedUntil} is not null`);
    const deadline = Date.now() + 5000;
    // The first few claimed and being sent (300 ms) — no more than are sent at once …
    while ((await claimed()).length < MAIL_SEND_CONCURRENCY) {
      if (Date.now() > deadline) throw new Error("the worker did not claim the mails");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await claimed()).toHaveLength(MAIL_SEND_CONCURRENCY);
    const started = Date.now();
    await stopping.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sent).toHaveLength(MAIL_SEND_CONCURRENCY);
    // … the other two were never claimed: another worker sends them now.
    const rest = await database.db.select().from(mailOutbox).where(sql`${mailOutbox.sentAt} is null`);
    expect(rest.map((row) => ({ attempts: row.attempts, lockedUntil: row.lockedUntil }))).toEqual([
      { attempts: 0, lockedUntil: null },
      { attempts: 0, lockedUntil: null },
    ]);
    const other: MailMessage[] = [];
    await worker(other).drain();
    expect([...sent, ...other].map((mail) => mail.subject).sort()).toEqual([...ids].sort());
  });

  it("shows a mail that keeps failing to the admin, who can send it again once the mail server works", async () => {
    const [id] = await queue(1);
    const sent: MailMessage[] = [];
    let failing = true;
    const flaky = worker(sent, { fail: () => failing });
    for (let attempt = 1; attempt <= UNDELIVERED_AFTER_ATTEMPTS; attempt++) {
      expect(await listUndeliveredMail(database)).toEqual([]);
      await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id!));
      await flaky.drain();
    }
    const listed = await listUndeliveredMail(database);
    expect(listed).toEqual([
      expect.objectContaining({ id, kind: "order-receipt", recipient: "person0@example.in", attempts: 3, lastError: "421 mail server busy" }),
    ]);
    // The next attempt is hours of backoff away: nothing goes out on its own yet.
    await flaky.drain();
    expect(sent).toHaveLength(0);

    failing = false;
    await retryMail({ db: database.db, outbox: flaky }, id!);
    await flaky.drain();
    expect(sent.map((mail) => mail.subject)).toEqual([id]);
    expect(await listUndeliveredMail(database)).toEqual([]);
    expect((await appErrorOf(retryMail({ db: database.db, outbox: flaky }, id!))).code).toBe("NOT_FOUND");
  });

  it("logs one line per failed send, with its cause and no stack (issue 29: a 14-line error for a refused connection)", async () => {
    const [id] = await queue(1);
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const record = (level: string) => (fields: unknown, message?: string) => void lines.push({ level, fields: fields as Record<string, unknown>, message: message ?? "" });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNREFUSED", errno: -111, syscall: "connect" });
    const outbox = echoOutbox(
      {
        db: database.db,
        config: TEST_CONFIG,
        log: { info: record("info"), warn: record("warn"), error: record("error") },
        mailer: {
          async send() {
            throw refused;
          },
          async close() {},
        },
      },
        { pollMs: 20, retryBaseMs: 60_000 },
    );
    await outbox.drain();
    expect(lines).toEqual([
      { level: "warn", message: "mail not sent; it will be retried", fields: { mailId: id, kind: "order-receipt", channel: "mail", attempts: 1, retryInMs: 60_000, cause: "connect ECONNREFUSED 127.0.0.1:25" } },
    ]);
  });
});
