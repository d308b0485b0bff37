import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { eq } from "@mithai/db/sql";
import { passwordResetTokens, users } from "@mithai/db/schema";
import { createTestDb } from "@mithai/db/testing";
import { authenticateToken } from "../auth/authenticate";
import { withBackgroundSending } from "../mail/mailer";
import { appErrorOf, createTestContext, silentLog, uniqueEmail } from "../testing";
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

/** Asks for a reset link and reads the token out of the mailed link. */
async function mailedToken(email: string): Promise<string> {
  await requestPasswordReset(ctx, email);
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
    const answer = await requestPasswordReset(ctx, email);
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
    expect(await requestPasswordReset(ctx, uniqueEmail())).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(ctx.sent).toHaveLength(0);
  });

  it("still answers the same when the mail server fails", async () => {
    const { email } = await customer();
    ctx.mailer = withBackgroundSending(silentLog, () => Promise.reject(new Error("SMTP down")));
    expect(await requestPasswordReset(ctx, email)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
  });

  it("limits one address's requests for one e-mail with a 429 message", async () => {
    const { email } = await customer();
    for (let i = 0; i < 3; i++) await requestPasswordReset(ctx, email);
    const error = await appErrorOf(requestPasswordReset(ctx, email));
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(ctx.sent).toHaveLength(3);
  });

  it("a stranger's three requests do not stop the owner's own request from another address (issue 13)", async () => {
    const { email } = await customer();
    const stranger = { ...ctx, ip: "198.51.100.23" };
    for (let i = 0; i < 3; i++) await requestPasswordReset(stranger, email);
    expect((await appErrorOf(requestPasswordReset(stranger, email))).code).toBe("TOO_MANY_REQUESTS");
    expect(await requestPasswordReset({ ...ctx, ip: "192.0.2.44" }, email)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
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
    expect(reuse.code).toBe("BAD_REQUEST");
    expect(await canLogIn(email, "new-password-2")).toBe(true);
  });

  it("refuses an expired link and changes nothing", async () => {
    const { email, userId } = await customer();
    const token = await mailedToken(email);
    await database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    expect((await appErrorOf(resetPassword(ctx, { token, newPassword: "new-password-2" }))).code).toBe("BAD_REQUEST");
    expect(await canLogIn(email, "old-password-1")).toBe(true);
  });

  it("refuses a made-up token without hashing the new password (issue 13)", async () => {
    vi.mocked(hashPassword).mockClear();
    expect((await appErrorOf(resetPassword(ctx, { token: "made-up-token", newPassword: "new-password-2" }))).code).toBe("BAD_REQUEST");
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it("limits reset attempts from one address", async () => {
    const guesser = { ...ctx, ip: "198.51.100.24" };
    for (let i = 0; i < 20; i++) expect((await appErrorOf(resetPassword(guesser, { token: `guess-${i}`, newPassword: "new-password-2" }))).code).toBe("BAD_REQUEST");
    expect((await appErrorOf(resetPassword(guesser, { token: "guess-21", newPassword: "new-password-2" }))).code).toBe("TOO_MANY_REQUESTS");
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
    expect((await appErrorOf(resetPassword(ctx, { token: older, newPassword: "sneaky-password-3" }))).code).toBe("BAD_REQUEST");
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
