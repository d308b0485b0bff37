import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { mailOutbox } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestDb } from "@mithai/db/testing";
import { UNDELIVERED_AFTER_ATTEMPTS } from "../mail/outbox";
import { appErrorOf, createTestContext } from "../testing";
import { listUndeliveredMail, retryMail } from "./mail-admin";

/** The dashboard's "Mails not delivered" and its retry button, called directly. */
let database: DbHandle;
const later = () => new Date(Date.now() + 3_600_000);
const addMail = async (values: Partial<typeof mailOutbox.$inferInsert>) =>
  (
    await database.db
      .insert(mailOutbox)
      .values({ kind: "password-reset", recipient: `${randomUUID().slice(0, 8)}@example.in`, nextAttemptAt: later(), ...values })
      .returning()
  )[0]!;
const stored = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

describe("listUndeliveredMail and retryMail", () => {
  it("lists unsent mails that failed often enough, newest first, and makes one due again", async () => {
    const older = await addMail({ attempts: UNDELIVERED_AFTER_ATTEMPTS, lastError: "421 try later", createdAt: new Date("2024-01-01T00:00:00Z") });
    const newer = await addMail({ attempts: UNDELIVERED_AFTER_ATTEMPTS + 2, lastError: "connect ECONNREFUSED", createdAt: new Date("2024-01-02T00:00:00Z") });
    // A WhatsApp update the Cloud API keeps refusing: listed with its channel, so it does not read as a mail to a mobile.
    const whatsapp = await addMail({ kind: "order-status", subjectId: randomUUID(), channel: "whatsapp", recipient: "+919876543210", attempts: UNDELIVERED_AFTER_ATTEMPTS, lastError: "WhatsApp answered 401", createdAt: new Date("2024-01-03T00:00:00Z") });
    // Not listed: still within its first tries, or sent in the end.
    await addMail({ attempts: UNDELIVERED_AFTER_ATTEMPTS - 1, lastError: "timeout" });
    const sent = await addMail({ attempts: UNDELIVERED_AFTER_ATTEMPTS + 1, sentAt: new Date() });

    const ctx = createTestContext(database.db);
    expect(await listUndeliveredMail(ctx)).toEqual([
      { id: whatsapp.id, kind: "order-status", channel: "whatsapp", recipient: "+919876543210", attempts: UNDELIVERED_AFTER_ATTEMPTS, lastError: "WhatsApp answered 401", createdAt: "2024-01-03T00:00:00.000Z", nextAttemptAt: whatsapp.nextAttemptAt.toISOString() },
      { id: newer.id, kind: "password-reset", channel: "mail", recipient: newer.recipient, attempts: UNDELIVERED_AFTER_ATTEMPTS + 2, lastError: "connect ECONNREFUSED", createdAt: "2024-01-02T00:00:00.000Z", nextAttemptAt: newer.nextAttemptAt.toISOString() },
      { id: older.id, kind: "password-reset", channel: "mail", recipient: older.recipient, attempts: UNDELIVERED_AFTER_ATTEMPTS, lastError: "421 try later", createdAt: "2024-01-01T00:00:00.000Z", nextAttemptAt: older.nextAttemptAt.toISOString() },
    ]);

    expect(await retryMail(ctx, older.id)).toEqual({ message: "The mail will be sent again now." });
    expect((await stored(older.id)).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await stored(newer.id)).nextAttemptAt).toEqual(newer.nextAttemptAt);

    const notFound = { code: "NOT_FOUND", message: "No unsent mail with this id (it may have been sent meanwhile)." };
    expect(await appErrorOf(retryMail(ctx, sent.id))).toMatchObject(notFound);
    expect((await stored(sent.id)).nextAttemptAt).toEqual(sent.nextAttemptAt);
    expect(await appErrorOf(retryMail(ctx, randomUUID()))).toMatchObject(notFound);
  });
});
