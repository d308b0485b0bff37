import { TRPCClientError } from "@trpc/client";

type ErrorData = { httpStatus?: number; code?: string; errors?: { path: string; message: string }[] } | undefined;

/**
 * The server's own words for a refused request (a 4xx answer), or null when the request failed
 * some other way (network down, server error) and the caller should show its generic message.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as ErrorData;
  const status = data?.httpStatus;
  if (status === undefined || status < 400 || status >= 500 || !error.message) return null;
  // A refused field is named for tools ("address.pincode: …"); beside the form's field, its words alone read better.
  const first = data?.errors?.[0];
  if (first?.path && error.message === `${first.path}: ${first.message}`) return first.message;
  return error.message;
}

/** The tRPC error code of a failed call ("UNAUTHORIZED", "TOO_MANY_REQUESTS", ...), if the server gave one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData)?.code : undefined;
}
