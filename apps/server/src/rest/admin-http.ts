import type { FastifyRequest } from "fastify";
import { assertAdmin } from "@mithai/api";
import { restContext } from "./request";

/**
 * onRequest hook of every admin route: a valid admin token (Bearer or `token` header) or 401/403,
 * checked before any body (an upload, say) is read.
 */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  const ctx = await restContext(req);
  await assertAdmin(ctx, ctx.auth);
}
