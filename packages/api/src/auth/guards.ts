import { preparedQuery } from "@mithai/db/client";
import { eq, sql } from "@mithai/db/sql";
import { users } from "@mithai/db/schema";
import type { AuthSession, RequestContext } from "../context";
import { AppError } from "../errors";

/**
 * The shop's access rules, once: tRPC procedures (`trpc.ts`), the REST adapters and services all ask these.
 * Each throws the domain error its transport maps to 401 or 403.
 */

/** A signed-in customer or admin (401 otherwise). */
export function requireSignedIn<C extends { auth: AuthSession | null }>(ctx: C): C & { auth: AuthSession } {
  if (!ctx.auth) throw new AppError("UNAUTHENTICATED", "Please log in to continue");
  return { ...ctx, auth: ctx.auth };
}

const roleOf = preparedQuery((db) =>
  db.select({ role: users.role }).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare("user_role"),
);

/** Whether the session is an admin's: the token's role, re-checked against the database so a demoted admin loses access at once. */
export async function isAdmin(ctx: Pick<RequestContext, "db">, auth: AuthSession | null): Promise<boolean> {
  if (auth?.role !== "admin") return false;
  const [user] = await roleOf(ctx.db).execute({ userId: auth.userId });
  return user?.role === "admin";
}

/** An admin, or 401 (not signed in) / 403 (anyone else). */
export async function assertAdmin(ctx: Pick<RequestContext, "db">, auth: AuthSession | null): Promise<void> {
  if (!auth) throw new AppError("UNAUTHENTICATED", "Please log in as an admin");
  if (!(await isAdmin(ctx, auth))) throw new AppError("FORBIDDEN", "Admins only");
}
