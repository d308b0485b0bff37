/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = "23505";

/** True for a PostgreSQL unique violation, however deep the driver (postgres.js, PGlite, drizzle) wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && current.code === UNIQUE_VIOLATION) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Codes of a database that is not answering: postgres.js's connection failures, the socket's, and PostgreSQL's
 * own "shutting down / starting up / connection lost" SQLSTATEs (57P01–57P03, class 08).
 */
const UNAVAILABLE_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET", "EPIPE", "57P01", "57P02", "57P03"]);

/** True when a failure is the database being away (restarting, unreachable), however deep the driver wraps it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && typeof current.code === "string" && (UNAVAILABLE_CODES.has(current.code) || /^08\d{3}$/.test(current.code))) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
