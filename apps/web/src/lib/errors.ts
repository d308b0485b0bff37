import { TRPCClientError } from "@trpc/client";

/**
 * The server's own words for a refused request (a 4xx answer), or null when the request failed
 * some other way (network down, server error) and the caller should show its generic message.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status !== undefined && status >= 400 && status < 500 && error.message ? error.message : null;
}

/** True when the server refused the request for want of a valid session (401). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}
