import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, somethingWentWrong } from "@mithai/api/errors";

/** One place maps every failure to an HTTP answer: 4xx with a message a person can act on, 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) {
        req.log.error({ err: error.cause ?? error }, error.message);
        return reply.status(error.httpStatus).send({ success: false, message: error.message, requestId: req.id });
      }
      return reply.status(error.httpStatus).send({ success: false, message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: clientMessage(error) });
    }
    req.log.error({ err: error }, "request failed");
    return reply.status(500).send({ success: false, message: somethingWentWrong(req.id), requestId: req.id });
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
