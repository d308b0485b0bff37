import type { FastifyBaseLogger } from "fastify";

/** The driver's codes for a connection the database closed or refused (postgres.js, Node, PostgreSQL's admin shutdown). */
const CONNECTION_LOST = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03"]);

export function isLostDatabaseConnection(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && CONNECTION_LOST.has(String((reason as { code?: unknown }).code));
}

/**
 * While PostgreSQL restarts, postgres.js can reject a statement of its own that nobody awaits (a connection's
 * re-LISTEN or type fetch as it reconnects): by Node's default an unhandled rejection, which ends the process, so
 * the outage of the database would become an outage of the shop. Such a rejection is logged (once a minute) and the
 * server carries on — every request's own statement is awaited and answered 503 — while the driver reconnects. Any
 * other unhandled rejection ends the process as before.
 */
export function handleUnhandledRejection(log: Pick<FastifyBaseLogger, "error">, now = Date.now): (reason: unknown) => void {
  let lastLogged = -Infinity;
  return (reason) => {
    if (!isLostDatabaseConnection(reason)) throw reason;
    if (now() - lastLogged < 60_000) return;
    lastLogged = now();
    log.error({ err: reason }, "the database connection was lost under a statement nobody waited for; the driver reconnects");
  };
}
