import type { ZodError } from "zod";
import { fieldErrorsOf, namedMessage, type FieldError } from "@mithai/schema/contracts/z";

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
  /** A refused input's failing fields (each path and what is expected), for tools; answers carry them as `errors`. */
  readonly fieldErrors: FieldError[] | undefined;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: ErrorOptions & { fieldErrors?: FieldError[] },
  ) {
    super(message, options);
    this.fieldErrors = options?.fieldErrors;
  }

  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);

/**
 * A refused input (a contract's ZodError), as REST and tRPC answer it: 400, the first failing field named in the
 * message ("limit: a whole number from 1 to 200"), and every failing field in `fieldErrors`.
 */
export function invalidInput(error: ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error);
  return new AppError("BAD_REQUEST", fieldErrors[0] ? namedMessage(fieldErrors[0]) : "The request is not valid", { fieldErrors });
}

/** The whole message of an unexpected 5xx answer (REST or tRPC): no internals, and the id the log line carries. */
export function somethingWentWrong(requestId: string | undefined): string {
  const tail = requestId ? `; if it keeps failing, quote request id ${requestId}` : "";
  return `Something went wrong on our side. Please try again${tail}.`;
}
