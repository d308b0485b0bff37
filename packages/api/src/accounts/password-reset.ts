import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "@mithai/db/sql";
import { passwordResetTokens, users } from "@mithai/db/schema";
import type { ResetPasswordInput } from "@mithai/schema/contracts/account";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { hashPassword } from "./passwords";
import { passwordResetMail } from "./reset-mail";

type ResetContext = Pick<RequestContext, "db" | "config" | "log" | "mailer" | "limits" | "ip">;

export const RESET_TOKEN_TTL_MINUTES = 60;
const RESET_TOKEN_BYTES = 32;

export const FORGOT_PASSWORD_MESSAGE = "If an account exists for this email, we have sent a link to reset the password.";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. You can now log in with the new password.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Mails a single-use reset link when the e-mail has an account. The answer is the same either way,
 * and a failing mail server is logged rather than shown, so the answer never tells who has an account.
 */
export async function requestPasswordReset(ctx: ResetContext, email: string): Promise<{ message: string }> {
  // A stranger gets a few requests for someone's e-mail, and never enough to use up the owner's ceiling.
  await ctx.limits.forgotPasswordPerIp.consume(ctx.ip);
  await ctx.limits.forgotPasswordPerAccountIp.consume(`${email}|${ctx.ip}`);
  await ctx.limits.forgotPasswordPerAccount.consume(email);
  const [user] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  if (user) {
    const token = randomBytes(RESET_TOKEN_BYTES).toString("base64url");
    await ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = passwordResetMail({ to: email, name: user.name, shopName: ctx.config.shopName, link, validMinutes: RESET_TOKEN_TTL_MINUTES });
    try {
      await ctx.mailer.send({ ...mail, outboxLogLink: link });
    } catch (error) {
      ctx.log.error({ err: error }, "password reset mail could not be sent");
    }
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

const invalidResetLink = () => new AppError("BAD_REQUEST", "This reset link is invalid or has expired. Please request a new one.");

/**
 * Sets a new password with an unused, unexpired token; success also voids the customer's other reset links
 * and ends every token signed in before (on every device). The link is checked before the new password is
 * hashed, so bogus links cost a lookup, not an argon2 hash.
 */
export async function resetPassword(ctx: Pick<ResetContext, "db" | "limits" | "ip">, input: ResetPasswordInput): Promise<{ message: string }> {
  await ctx.limits.resetPasswordPerIp.consume(ctx.ip);
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
