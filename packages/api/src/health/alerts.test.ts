import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { mailOutbox, users } from "@mithai/db/schema";
import { eq, inArray } from "@mithai/db/sql";
import { createTestDb, insertTestUser } from "@mithai/db/testing";
import { createTestContext } from "../testing";
import { ALERT_EVERY_MS, alertAdmins } from "./alerts";
import { QUIET_PROBES, type HealthProbes } from "./probes";
import { healthReport } from "./report";

/** The owner hears about trouble: a red report mails every admin, at most once an hour per problem, whichever server sees it. */
let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

const failingPayments: HealthProbes = { ...QUIET_PROBES, providerCallsLastHour: () => ({ calls: 8, errors: 6 }) };

describe("health alerts", () => {
  it("mails each admin once per problem per hour, through the outbox, and says what is wrong", async () => {
    const admins = [await insertTestUser(database.db, "Owner"), await insertTestUser(database.db, "Manager")];
    await database.db.update(users).set({ role: "admin" }).where(inArray(users.id, admins));
    await insertTestUser(database.db, "A customer");
    const ctx = { ...createTestContext(database.db), health: failingPayments };
    const now = new Date();

    const report = await healthReport(ctx, now);
    expect(report.level).toBe("red");
    expect(report.checks.find((c) => c.id === "payments")).toMatchObject({ level: "red", action: expect.stringContaining("Razorpay keys") as string });

    expect(await alertAdmins(ctx, report, now)).toEqual(["payments-failing"]);
    // Another server (or this one a minute later) sees the same problem: no second mail within the hour.
    expect(await alertAdmins(ctx, report, new Date(now.getTime() + 60_000))).toEqual([]);
    expect(await alertAdmins(ctx, report, new Date(now.getTime() + ALERT_EVERY_MS - 1000))).toEqual([]);
    let rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "health-alert"));
    expect(rows).toHaveLength(2);

    await ctx.outbox.drain();
    expect(ctx.sent).toHaveLength(2);
    expect(ctx.sent[0]!.subject).toBe("Mithai: payments are failing");
    expect(ctx.sent[0]!.text).toContain(`${ctx.config.publicUrl}/admin/health`);

    // Past the hour, while it lasts, once more.
    expect(await alertAdmins(ctx, report, new Date(now.getTime() + ALERT_EVERY_MS + 1000))).toEqual(["payments-failing"]);
    rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "health-alert"));
    expect(rows).toHaveLength(4);
  });

  it("mails nobody while everything is green or only amber", async () => {
    const ctx = { ...createTestContext(database.db), health: { ...QUIET_PROBES, providerCallsLastHour: () => ({ calls: 10, errors: 1 }) } };
    const report = await healthReport(ctx);
    expect(report.checks.find((c) => c.id === "payments")?.level).toBe("amber");
    expect(report.checks.some((c) => c.level === "red")).toBe(false);
    expect(await alertAdmins(ctx, report)).toEqual([]);
  });

  it("keeps the quiet probes' reconciler green however long after they were loaded (a shared test worker's modules)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const report = await healthReport(createTestContext(database.db));
      expect(report.checks.find((c) => c.id === "reconciler")?.level).toBe("green");
    } finally {
      vi.useRealTimers();
    }
  });

  it("calls a daily backup that stopped red, and the outbox stuck when a mail keeps failing", async () => {
    const ctx = { ...createTestContext(database.db), health: { ...QUIET_PROBES, dailyBackups: true } };
    await database.db.insert(mailOutbox).values({ kind: "password-reset", recipient: "stuck@example.in", attempts: 3, lastError: "421" });
    const report = await healthReport(ctx);
    expect(report.checks.find((c) => c.id === "backup")).toMatchObject({ level: "red", summary: "no backup has succeeded yet" });
    expect(report.checks.find((c) => c.id === "outbox")?.level).toBe("red");
    expect((await alertAdmins(ctx, report)).sort()).toEqual(["no-recent-backup", "outbox-stuck"]);
  });
});
