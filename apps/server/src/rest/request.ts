import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AuthSession, RequestContext } from "@mithai/api";
import { invalidInput, requireSignedIn, uncheckableInput } from "@mithai/api";
import { contextFromRequest } from "../context";

/**
 * Checks a request body (or query) against a contract; a refusal is a 400 naming the field, with every failing field
 * (or, when the contract's checks could not run on it, one that says a field holds the wrong type).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  let parsed: z.ZodSafeParseResult<z.infer<T>>;
  try {
    parsed = schema.safeParse(value ?? {});
  } catch (cause) {
    throw uncheckableInput(cause);
  }
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** The context of a REST call: the token may come as Bearer or, for older clients, in a bare `token` header. */
export function restContext(req: FastifyRequest): Promise<RequestContext> {
  return contextFromRequest(req, { allowTokenHeader: true });
}

/** As restContext, for calls that need a signed-in customer (401 otherwise). */
export async function customerRestContext(req: FastifyRequest): Promise<RequestContext & { auth: AuthSession }> {
  return requireSignedIn(await restContext(req));
}
