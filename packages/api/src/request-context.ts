import type { Role } from "@mithai/schema";

export interface AuthSession {
  userId: string;
  role: Role;
  /** The token's own session (`sid`), which `user.logout` ends; absent from tokens issued before sessions had ids. */
  sessionId?: string;
}

/**
 * Per-request context for tRPC procedures (and the REST adapters, which build the same thing): who asks, and from
 * where. The server's dependencies (database, mail, pictures, limits, …) join this interface in `context.ts` by
 * declaration merging, so the router's type, which @mithai/client publishes, names this file only: no database, no
 * driver, no Node stream.
 */
export interface RequestContext {
  auth: AuthSession | null;
  /** The address the server saw the request come from. */
  ip: string;
  userAgent: string;
  /** The request's `Idempotency-Key` header as sent (checked by idempotencyKeyOf where a procedure honours it). */
  idempotencyKey?: string;
  /** The id the server logs this request under (absent when a service is called outside a request). */
  requestId?: string;
}
