import { preparedQuery, type Db } from "@mithai/db/client";
import { users } from "@mithai/db/schema";
import { eq, sql } from "@mithai/db/sql";
import type { AuthSession } from "../context";
import { verifyAuthToken } from "./tokens";

const tokenVersionOf = preparedQuery((db) =>
  db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare("token_version"),
);

/**
 * The session a request's token stands for, or null. Besides the signature and expiry (checked once per
 * token and cached), the token must carry the account's current token version: one primary-key read per
 * request, so a password reset, a password change or "sign out everywhere" ends older tokens on every
 * server at once.
 */
export async function authenticateToken(db: Db, token: string, secret: string): Promise<AuthSession | null> {
  const verified = await verifyAuthToken(token, secret);
  if (!verified) return null;
  const [account] = await tokenVersionOf(db).execute({ userId: verified.userId });
  if (account?.tokenVersion !== verified.tokenVersion) return null;
  return { userId: verified.userId, role: verified.role };
}
