import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "@mithai/db/sql";
import { mailOutbox, passwordResetTokens, users } from "@mithai/db/schema";
import type { ResetPasswordInput } from "@mithai/schema";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { MailRenderer } from "../mail/outbox";
import { networkOf } from "../rate-limit";
import { hashPassword } from "./passwords";
import { passwordResetMail } from "./reset-mail";

type ResetContext = Pick<RequestContext, "db" | "outbox" | "limits" | "ip">;

export const RESET_TOKEN_TTL_MINUTES = 60;
const RESET_TOKEN_BYTES = 32;

export const FORGOT_PASSWORD_MESSAGE = "If an account exists for this email, we have sent a link to reset the password.";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. You can now log in with the new password.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Mails a single-use reset link when the e-mail has an account. The request itself only writes an outbox row with
 * the e-mail, the same one insert whether or not the account exists, so neither the answer nor its timing tells who
 * has an account; the outbox worker looks the account up when it sends, and makes the link then.
 */
export async function requestPasswordReset(ctx: ResetContext, email: string): Promise<{ message: string }> {
  // Per network (networkOf) a caller gets a few requests for one e-mail and a few more in all; past them, 429.
  const network = networkOf(ctx.ip);
  await ctx.limits.forgotPasswordPerIp.consume(network);
  await ctx.limits.forgotPasswordPerAccountIp.consume(`${email}|${network}`);
  // Past the inbox's ceiling the caller still gets the same answer, and no more mail is sent: strangers spread over
  // many networks can use the ceiling up, and must not be able to keep the owner from resetting (the links already
  // mailed stay valid).
  if (await ctx.limits.forgotPasswordPerAccount.tryConsume(email)) {
    // Written whether or not the e-mail has an account: the same single insert either way.
    await ctx.db.insert(mailOutbox).values({ kind: "password-reset", recipient: email });
    ctx.outbox.wake();
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * The outbox's reset row becomes a mail with a fresh single-use link, valid for an hour from now — or nothing, when
 * the e-mail has no account. The token exists
 * only in the mail (stored as a hash); if the mail has to be retried, the retry carries a new link.
 */
export const renderPasswordResetMail: MailRenderer = async ({ db, config }, row) => {
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.email, row.recipient)).limit(1);
  if (!user) return null;
  const token = randomBytes(RESET_TOKEN_BYTES).toString("base64url");
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = passwordResetMail({ to: user.email, name: user.name, shopName: config.shopName, link, validMinutes: RESET_TOKEN_TTL_MINUTES, language: user.language });
  return { ...mail, outboxLogLink: link };
};

const invalidResetLink = () => new AppError("RESET_LINK_INVALID", "This reset link is invalid or has expired. Please request a new one.");

/**
 * Sets a new password with an unused, unexpired token; success also voids the customer's other reset links
 * and ends every token signed in before (on every device). The link is checked before the new password is
 * hashed, so bogus links cost a lookup, not an argon2 hash.
 */
export async function resetPassword(ctx: Pick<ResetContext, "db" | "limits" | "ip">, input: ResetPasswordInput): Promise<{ message: string }> {
  await ctx.limits.resetPasswordPerIp.consume(networkOf(ctx.ip));
  const tokenHash = hashToken(input.token);
  const usable = (now: Date) => and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
  const [pending] = await ctx.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable(new Date())).limit(1);
  if (!pending) throw invalidResetLink();
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    // Claiming the token in one conditional update makes it single use even under concurrent requests.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable(now))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidResetLink();
    await tx.update(users).set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  });
  return { message: PASSWORD_RESET_MESSAGE };
}
