import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { assertAdmin } from "@mithai/api/trpc";
import { badRequest } from "@mithai/api/errors";
import { contextFromRequest } from "../context";

/**
 * onRequest hook of every admin route: a valid admin token (Bearer or `token` header) or 401/403,
 * checked before any body (an upload, say) is read.
 */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  const ctx = await contextFromRequest(req, { allowTokenHeader: true });
  await assertAdmin(ctx, ctx.auth);
}

/** Checks a request's input against its contract; the first problem becomes a 400 with its message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
  return parsed.data;
}
