import type { FastifyRequest } from "fastify";
import { authenticateToken, readRequestToken } from "@mithai/api";
import type { ApiDeps, RequestContext } from "@mithai/api";
import { withQueryScope } from "@mithai/db/query-observer";
import { requestSpanOf } from "./tracing/start-tracing";

/** The running server's own bookkeeping, which server.ts feeds (its reconciler, its backups). */
export interface Operations {
  reconcilerPassed(pass: { startedAt: Date; seconds: number; ok: boolean }): void;
  backupMade(ok: boolean): void;
  /** A 4xx answered with this reason code (REST or tRPC). */
  refused(code: string): void;
  /** Where this server's /metrics answers; null before listening or with METRICS_PORT=off. */
  metricsUrl(): string | null;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: ApiDeps;
    operations: Operations;
    /** From now on /readyz answers 503 (the server is about to stop); everything else is still served. */
    startDraining(): void;
  }
}

/**
 * The context a request runs with, shared by tRPC and the REST adapters. REST also accepts the token
 * in a bare `token` header, as older clients of this API send it.
 */
export async function contextFromRequest(req: FastifyRequest, options: { allowTokenHeader: boolean }): Promise<RequestContext> {
  const span = requestSpanOf(req);
  // A traced request's work runs on a handle under its span (statements and provider calls become its children).
  const deps = span ? { ...req.server.deps, db: withQueryScope(req.server.deps.db, span) } : req.server.deps;
  const token = readRequestToken(req.headers, options.allowTokenHeader);
  return {
    ...deps,
    // The request's own logger: every line a service writes for it carries its id (reqId).
    log: req.log,
    auth: token ? await authenticateToken(deps.db, token, deps.config.jwtSecret) : null,
    ip: req.ip,
    userAgent: req.headers["user-agent"] ?? "",
    requestId: req.id,
    idempotencyKey: typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined,
  };
}
