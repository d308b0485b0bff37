import type { ZodError } from "zod";
import { type FieldError, fieldErrorsOf, namedMessage, REASON_HTTP_STATUS, type ReasonCode } from "@mithai/schema";

export type { ReasonCode } from "@mithai/schema";

/**
 * Domain errors: a reason code (`packages/schema/src/reasons.ts`, which also gives its HTTP status) and an English message a
 * person can act on. Services throw these; the tRPC error formatter and the REST error handler answer them in one
 * place each, with the code beside the message.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  /** A refused input's failing fields (each path and what is expected), for tools; answers carry them as `errors`. */
  readonly fieldErrors: FieldError[] | undefined;
  constructor(
    readonly code: ReasonCode,
    message: string,
    options?: ErrorOptions & { fieldErrors?: FieldError[] },
  ) {
    super(message, options);
    this.fieldErrors = options?.fieldErrors;
  }

  get httpStatus(): number {
    return REASON_HTTP_STATUS[this.code];
  }

  /** The words for a person beside the form: the first failing field's own message, or the whole message. */
  get fieldMessage(): string {
    return this.fieldErrors?.[0]?.message ?? this.message;
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string) => new AppError("VALIDATION", message);

/** A refusal about one field: the message names it ("promoCode: …") and `errors` carries it for tools and forms. */
export function fieldError(code: ReasonCode, path: string, message: string, detail?: string): AppError {
  return new AppError(code, `${path}: ${message}${detail ? ` (${detail})` : ""}`, { fieldErrors: [{ path, message }] });
}

/**
 * A refused input (a contract's ZodError), as REST and tRPC answer it: 400, the first failing field named in the
 * message ("limit: a whole number from 1 to 200"), and every failing field in `fieldErrors`.
 */
export function invalidInput(error: ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error);
  return new AppError("VALIDATION", fieldErrors[0] ? namedMessage(fieldErrors[0]) : "The request is not valid", { fieldErrors });
}

/**
 * A refused input that its contract could not even check: zod runs its length checks on any value that has a `length`
 * (after "expected text", too), and a JSON object whose own `toString` is not a function cannot be compared, so the
 * check throws. That is the input's fault, answered 400 like any refused field, never a 500.
 */
export function uncheckableInput(cause: unknown): AppError {
  return new AppError("VALIDATION", "The request is not valid: a field holds a value of the wrong type", { cause });
}

/** The whole message of an unexpected 5xx answer (REST or tRPC): no internals, and the id the log line carries. */
export function somethingWentWrong(requestId: string | undefined): string {
  const tail = requestId ? `; if it keeps failing, quote request id ${requestId}` : "";
  return `Something went wrong on our side. Please try again${tail}.`;
}

/** 503 DATABASE_UNAVAILABLE: what a request answers while the database is away (instead of an unexplained 500). */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError("DATABASE_UNAVAILABLE", "The shop's database is not answering right now. Nothing was changed; please try again in a minute.", { cause });
}
