import { TRPCClientError } from "@trpc/client";

/** The server's own words for a refused request (4xx); `fallback` for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 500;
    if (status >= 400 && status < 500) return error.message;
  }
  return fallback;
}
