import { preparedQuery, type Db } from "@mithai/db/client";
import { revokedSessions, users } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import type { AuthSession } from "../context";
import { verifyAuthToken } from "./tokens";

// A token without a session id asks about the nil UUID, which no session has.
const NO_SESSION = "00000000-0000-0000-0000-000000000000";
const tokenStateOf = preparedQuery((db) =>
  db
    .select({
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sql.placeholder("sessionId")}::uuid)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("token_state"),
);

/**
 * The session a request's token stands for, or null. Besides the signature and expiry (checked once per
 * token and cached), the token must carry the account's current token version and its session must not have
 * been ended (`user.logout`): one primary-key read per request, so a logout, a password reset, a password change
 * or "sign out everywhere" ends tokens on every server at once.
 */
export async function authenticateToken(db: Db, token: string, secret: string): Promise<AuthSession | null> {
  const verified = await verifyAuthToken(token, secret);
  if (!verified) return null;
  const [account] = await tokenStateOf(db).execute({ userId: verified.userId, sessionId: verified.sessionId ?? NO_SESSION });
  if (!account || account.tokenVersion !== verified.tokenVersion || account.revoked) return null;
  return { userId: verified.userId, role: verified.role, ...(verified.sessionId ? { sessionId: verified.sessionId } : {}) };
}
