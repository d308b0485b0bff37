import FindMyWay, { type HTTPMethod } from "find-my-way";
import type { FastifyInstance } from "fastify";

const METHODS: HTTPMethod[] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

/**
 * Which methods a `/api` path takes, for the not-found handler: a wrong method on a real path answers 405 with an
 * `Allow` header (a 404 would tell a client the path is wrong). Every `/api` route the app registers is also put in a
 * router of its own, which is asked. Call before the routes are registered.
 */
export function trackApiMethods(app: FastifyInstance): (method: string, path: string) => string[] {
  const known = FindMyWay();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of [route.method].flat()) {
      if (METHODS.includes(method as HTTPMethod) && !known.hasRoute(method as HTTPMethod, route.url)) known.on(method as HTTPMethod, route.url, () => {});
    }
  });
  return (method, path) => {
    if (!path.startsWith("/api/")) return [];
    const allowed = METHODS.filter((candidate) => candidate !== method && known.find(candidate, path));
    return [...new Set(allowed.flatMap((candidate) => (candidate === "GET" ? ["GET", "HEAD"] : [candidate])))];
  };
}
