import { users } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import type { ChangePasswordInput, Role } from "@mithai/schema";
import { signAuthToken } from "../auth/tokens";
import type { AuthSession, RequestContext } from "../context";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { accountGone } from "./users";

type SessionContext = Pick<RequestContext, "db" | "config" | "limits"> & { auth: AuthSession };

/** "Sign out everywhere": every token issued so far, this one included, stops working at once. */
export async function signOutEverywhere(ctx: Pick<RequestContext, "db">, userId: string): Promise<{ message: string }> {
  const [account] = await ctx.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!account) throw accountGone();
  return { message: "You have been signed out on every device." };
}

/**
 * A new password for a signed-in customer who knows the current one. Every other session ends; this one
 * goes on with the fresh token the answer carries.
 */
export async function changePassword(ctx: SessionContext, input: ChangePasswordInput): Promise<{ token: string; role: Role; message: string }> {
  await ctx.limits.changePasswordPerCustomer.consume(ctx.auth.userId);
  const [account] = await ctx.db.select({ passwordHash: users.passwordHash, role: users.role }).from(users).where(eq(users.id, ctx.auth.userId)).limit(1);
  if (!account) throw accountGone();
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) throw new AppError("CURRENT_PASSWORD_WRONG", "Your current password is not correct.", {
      fieldErrors: [{ path: "currentPassword", message: "Your current password is not correct." }],
    });
  const passwordHash = await hashPassword(input.newPassword);
  const [changed] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, ctx.auth.userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!changed) throw accountGone();
  const role = account.role;
  const token = await signAuthToken({ userId: ctx.auth.userId, role, tokenVersion: changed.tokenVersion }, ctx.config.jwtSecret);
  return { token, role, message: "Your password has been changed. You have been signed out on your other devices." };
}
