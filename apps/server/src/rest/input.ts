import type { z } from "zod";
import type { AuthSession, RequestContext } from "@mithai/api/context";
import { AppError, badRequest } from "@mithai/api/errors";

/** A request body checked against its contract; the first problem becomes a 400 with its message. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Bad request");
  return result.data;
}

/** The signed-in customer, or a 401 telling the caller to log in. */
export function requireCustomer(ctx: RequestContext): AuthSession {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return ctx.auth;
}
