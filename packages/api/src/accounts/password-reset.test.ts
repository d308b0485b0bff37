import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { mailOutbox, passwordResetTokens, users } from "@mithai/db/schema";
import { createTestDb } from "@mithai/db/testing";
import { authenticateToken } from "../auth/authenticate";
import { appErrorOf, createTestContext, uniqueEmail } from "../testing";
import { hashPassword } from "./passwords";
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset, resetPassword } from "./password-reset";
import { loginUser, registerUser } from "./users";

// The real hashing, watched: a bogus reset link must not cost an argon2 hash.
vi.mock("./passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("./passwords")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let database: DbHandle;
let ctx: ReturnType<typeof createTestContext>;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());
beforeEach(() => {
  ctx = createTestContext(database.db);
});


async function customer(): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail();
  await registerUser(ctx, { name: "Meera Iyer", email, password: "old-password-1" });
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, userId: row!.id };
}

/** Asks for a reset link (as `who`), and lets the outbox send what is due. */
async function forgot(email: string, who: typeof ctx = ctx) {
  const answer = await requestPasswordReset(who, email);
  await ctx.outbox.drain();
  return answer;
}

/** Asks for a reset link and reads the token out of the mailed link. */
async function mailedToken(email: string): Promise<string> {
  await forgot(email);
  const link = ctx.sent.at(-1)!.text.match(/https:\/\/shop\.example\.in\/reset-password\?token=(\S+)/);
  return decodeURIComponent(link![1]!);
}


const canLogIn = (email: string, password: string) =>
  loginUser(ctx, { email, password }).then(
    () => true,
    () => false,
  );

describe("forgot password", () => {
  it("mails an HTML and text message in the shop's name with a link to /reset-password, storing only the token's hash", async () => {
    const { email, userId } = await customer();
    const answer = await forgot(email);
    expect(answer).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(ctx.sent).toHaveLength(1);
    const mail = ctx.sent[0]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe("Reset your Mithai password");
    expect(mail.html).toContain("Meera Iyer");
    const token = decodeURIComponent(mail.text.match(/reset-password\?token=(\S+)/)![1]!);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    expect(mail.html).toContain(`https://shop.example.in/reset-password?token=${encodeURIComponent(token)}`);

    const [stored] = await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutesValid = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutesValid).toBeCloseTo(60, 0);
  });

  it("answers an unknown e-mail with the same message and sends nothing", async () => {
    expect(await forgot(uniqueEmail())).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(ctx.sent).toHaveLength(0);
  });

  it("does the same work whether or not the account exists: one outbox row, no token, no mail (issue 13)", async () => {
    const { email, userId } = await customer();
    const calls: string[] = [];
    // Every statement a service starts goes through one of these entry points of the database handle.
    const watched = new Proxy(database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value === "function" && ["select", "insert", "update", "delete", "execute", "transaction", "with"].includes(String(property))) {
          return (...args: unknown[]) => {
            calls.push(String(property));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const watchedCtx = { ...ctx, db: watched };
    await requestPasswordReset(watchedCtx, email);
    const known = calls.splice(0);
    await requestPasswordReset(watchedCtx, uniqueEmail());
    const unknown = calls.splice(0);
    expect(known).toEqual(unknown);
    expect(known).toEqual(["insert"]);
    // Nothing is sent, and no token exists, until the outbox sends the mail.
    expect(ctx.sent).toHaveLength(0);
    expect(await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).toHaveLength(0);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(row).toMatchObject({ kind: "password-reset", sentAt: null });
    // The worker sends the account's mail, and nothing for the e-mail without one.
    await ctx.outbox.drain();
    expect(ctx.sent.map((mail) => mail.to)).toEqual([email]);
  });

  it("still answers the same when the mail server fails; the mail waits in the outbox and goes out once the server is back", async () => {
    const { email } = await customer();
    const working = ctx.mailer;
    ctx.mailer = { send: () => Promise.reject(new Error("SMTP down")), close: async () => {} };
    expect(await forgot(email)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(failed).toMatchObject({ attempts: 1, lastError: "SMTP down", sentAt: null, lockedUntil: null });
    // Retried after a wait, not at once.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    ctx.mailer = working;
    await database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, failed!.id));
    await ctx.outbox.drain();
    await ctx.outbox.drain();
    expect(ctx.sent.map((mail) => mail.to)).toEqual([email]);
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    // Its link works: the token was made when the mail went out.
    const token = decodeURIComponent(ctx.sent[0]!.text.match(/reset-password\?token=(\S+)/)![1]!);
    expect(await resetPassword(ctx, { token, newPassword: "new-password-2" })).toMatchObject({ message: expect.any(String) });
  });

  it("limits one address's requests for one e-mail with a 429 message", async () => {
    const { email } = await customer();
    for (let i = 0; i < 3; i++) await forgot(email);
    const error = await appErrorOf(requestPasswordReset(ctx, email));
    expect(error.code).toBe("RATE_LIMITED");
    expect(ctx.sent).toHaveLength(3);
  });

  it("a stranger's three requests do not stop the owner's own request from another address (issue 13)", async () => {
    const { email } = await customer();
    const stranger = { ...ctx, ip: "198.51.100.23" };
    for (let i = 0; i < 3; i++) await forgot(email, stranger);
    expect((await appErrorOf(requestPasswordReset(stranger, email))).code).toBe("RATE_LIMITED");
    expect(await forgot(email, { ...ctx, ip: "192.0.2.44" })).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(ctx.sent).toHaveLength(4);
  });
});

describe("reset password", () => {
  it("sets the new password once; the same link is refused afterwards", async () => {
    const { email } = await customer();
    const token = await mailedToken(email);
    await resetPassword(ctx, { token, newPassword: "new-password-2" });
    expect(await canLogIn(email, "new-password-2")).toBe(true);
    expect(await canLogIn(email, "old-password-1")).toBe(false);

    const reuse = await appErrorOf(resetPassword(ctx, { token, newPassword: "third-password-3" }));
    expect(reuse.code).toBe("RESET_LINK_INVALID");
    expect(await canLogIn(email, "new-password-2")).toBe(true);
  });

  it("refuses an expired link and changes nothing", async () => {
    const { email, userId } = await customer();
    const token = await mailedToken(email);
    await database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    expect((await appErrorOf(resetPassword(ctx, { token, newPassword: "new-password-2" }))).code).toBe("RESET_LINK_INVALID");
    expect(await canLogIn(email, "old-password-1")).toBe(true);
  });

  it("refuses a made-up token without hashing the new password (issue 13)", async () => {
    vi.mocked(hashPassword).mockClear();
    expect((await appErrorOf(resetPassword(ctx, { token: "made-up-token", newPassword: "new-password-2" }))).code).toBe("RESET_LINK_INVALID");
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it("limits reset attempts from one address", async () => {
    const guesser = { ...ctx, ip: "198.51.100.24" };
    for (let i = 0; i < 20; i++) expect((await appErrorOf(resetPassword(guesser, { token: `guess-${i}`, newPassword: "new-password-2" }))).code).toBe("RESET_LINK_INVALID");
    expect((await appErrorOf(resetPassword(guesser, { token: "guess-21", newPassword: "new-password-2" }))).code).toBe("RATE_LIMITED");
  });

  it("ends every token signed in before the reset (issue 13)", async () => {
    const { email } = await customer();
    const before = await loginUser(ctx, { email, password: "old-password-1" });
    expect(await authenticateToken(database.db, before.token, ctx.config.jwtSecret)).not.toBeNull();
    await resetPassword(ctx, { token: await mailedToken(email), newPassword: "new-password-2" });
    expect(await authenticateToken(database.db, before.token, ctx.config.jwtSecret)).toBeNull();
    const after = await loginUser(ctx, { email, password: "new-password-2" });
    expect(await authenticateToken(database.db, after.token, ctx.config.jwtSecret)).not.toBeNull();
  });

  it("a successful reset voids the customer's other reset links", async () => {
    const { email } = await customer();
    const older = await mailedToken(email);
    const newer = await mailedToken(email);
    await resetPassword(ctx, { token: newer, newPassword: "new-password-2" });
    expect((await appErrorOf(resetPassword(ctx, { token: older, newPassword: "sneaky-password-3" }))).code).toBe("RESET_LINK_INVALID");
    expect(await canLogIn(email, "new-password-2")).toBe(true);
  });

  it("lets only one of two simultaneous resets with the same link through", async () => {
    const { email } = await customer();
    const token = await mailedToken(email);
    const results = await Promise.allSettled([
      resetPassword(ctx, { token, newPassword: "first-password-1" }),
      resetPassword(ctx, { token, newPassword: "second-password-2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});
