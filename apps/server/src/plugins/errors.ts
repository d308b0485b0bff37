import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { AppError, databaseUnavailable, somethingWentWrong } from "@mithai/api";
import { isDatabaseUnavailable } from "@mithai/db/errors";
import type { FieldError } from "@mithai/schema";
import { type ReasonCode, reasonOfStatus } from "@mithai/schema";

/** A failure as HTTP answers it: the status, a message a person can act on, and what goes with it. */
export interface HttpFailure {
  status: number;
  /** Why, as a stable reason code (clients translate and branch on it, never on the message). */
  code: ReasonCode;
  message: string;
  /** A refused input's failing fields. */
  fieldErrors?: FieldError[];
  /** Only for a 5xx: the id its log line carries. */
  requestId?: string;
}

/** One place maps every failure to an HTTP answer: 4xx with a message a person can act on, 5xx logged and without internals. */
export function httpFailureOf(failure: FastifyError | AppError, req: FastifyRequest): HttpFailure {
  // A database that is away (restarting, unreachable) is a 503 to try again, not an unexplained 500.
  const error = !(failure instanceof AppError) && isDatabaseUnavailable(failure) ? databaseUnavailable(failure) : failure;
  if (error instanceof AppError) {
    if (error.httpStatus >= 500) {
      req.log.error({ err: error.cause ?? error }, error.message);
      return { status: error.httpStatus, code: error.code, message: error.message, requestId: req.id };
    }
    return { status: error.httpStatus, code: error.code, message: error.message, fieldErrors: error.fieldErrors };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, code: reasonOfStatus(status), message: clientMessage(error) };
  req.log.error({ err: error }, "request failed");
  return { status: 500, code: "INTERNAL", message: somethingWentWrong(req.id), requestId: req.id };
}

/** The shop's own error answer (SPEC §7): `{ success: false, message }` with its reason `code`, and `errors` for a refused input. */
function shopErrorBody({ code, message, fieldErrors, requestId }: HttpFailure) {
  return { success: false, code, message, ...(fieldErrors ? { errors: fieldErrors } : {}), ...(requestId ? { requestId } : {}) };
}

/** Answers every failure of this instance's routes as httpFailureOf maps it, worded by `body` (the shop's shape by default). */
export function registerErrorHandler(app: FastifyInstance, body: (failure: HttpFailure) => unknown = shopErrorBody): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const failure = httpFailureOf(error, req);
    if (failure.status < 500) req.server.operations.refused(failure.code);
    return reply.status(failure.status).send(body(failure));
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Request body is not valid JSON";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    default:
      return error.message || "Bad request";
  }
}
