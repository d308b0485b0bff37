import { revokedSessions } from "@mithai/db/schema";
import { lt, sql } from "@mithai/db/sql";
import { TOKEN_TTL_SECONDS } from "@mithai/schema";
import type { AuthSession, RequestContext } from "../context";
import { signOutEverywhere } from "./sessions";

/**
 * Ends this token's session on every server at once (the CLI's `logout`, a "sign out" that means it): its `sid` is
 * kept in revoked_sessions until the token would have expired anyway (at most a token's lifetime from now), and
 * authenticateToken refuses it from then on.
 * The account's other sessions go on. A token from before sessions had ids can be ended only with all the others.
 */
export async function logOut(ctx: Pick<RequestContext, "db">, auth: AuthSession): Promise<{ message: string }> {
  if (!auth.sessionId) {
    await signOutEverywhere(ctx, auth.userId);
    return { message: "You have been signed out (this older sign-in could only be ended with your other sessions)." };
  }
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
  await ctx.db.insert(revokedSessions).values({ sessionId: auth.sessionId, userId: auth.userId, expiresAt }).onConflictDoNothing();
  // Sessions that have expired since need no row.
  await ctx.db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`now()`));
  return { message: "You have been signed out." };
}
