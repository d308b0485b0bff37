/**
 * Domain errors. Services throw these; the tRPC middleware and the REST error handler map them to
 * status codes in one place each (`toTRPCError`, `httpStatusOf`).
 */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** A service we depend on (the payment provider) failed or did not answer. */
  BAD_GATEWAY: 502,
  /** A capability this installation is not configured for (e.g. webhooks without their secret). */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);

/** The whole message of an unexpected 5xx answer (REST or tRPC): no internals, and the id the log line carries. */
export function somethingWentWrong(requestId: string | undefined): string {
  const tail = requestId ? `; if it keeps failing, quote request id ${requestId}` : "";
  return `Something went wrong on our side. Please try again${tail}.`;
}
