import type { FastifyRequest } from "fastify";
import { authenticateToken } from "@mithai/api/auth/authenticate";
import { readRequestToken } from "@mithai/api/auth/tokens";
import type { ApiDeps, RequestContext } from "@mithai/api/context";

declare module "fastify" {
  interface FastifyInstance {
    deps: ApiDeps;
    /** From now on /readyz answers 503 (the server is about to stop); everything else is still served. */
    startDraining(): void;
  }
}

/**
 * The context a request runs with, shared by tRPC and the REST adapters. REST also accepts the token
 * in a bare `token` header, as older clients of this API send it.
 */
export async function contextFromRequest(req: FastifyRequest, options: { allowTokenHeader: boolean }): Promise<RequestContext> {
  const deps = req.server.deps;
  const token = readRequestToken(req.headers, options.allowTokenHeader);
  return {
    ...deps,
    auth: token ? await authenticateToken(deps.db, token, deps.config.jwtSecret) : null,
    ip: req.ip,
    userAgent: req.headers["user-agent"] ?? "",
    requestId: req.id,
  };
}
