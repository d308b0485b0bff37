import { TRPCError, initTRPC, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { ZodError } from "zod";
import { type ReasonCode, reasonOfStatus } from "@mithai/schema";
import { isDatabaseUnavailable } from "@mithai/db/errors";
import { AppError, databaseUnavailable, invalidInput, somethingWentWrong } from "./errors";
import { assertStorableInput } from "./input-guard";
import { traced } from "./tracing";
import { assertAdmin, requireSignedIn } from "./auth/guards";
import type { RequestContext } from "./request-context";

const t = initTRPC.context<RequestContext>().create({
  // Never put stack traces (file paths, a failed query's SQL) in answers, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    // `data.code` is the reason code (shared/DECISIONS.md): the domain's own, or the one tRPC's refusal stands for.
    const code: ReasonCode = error.cause instanceof AppError ? error.cause.code : error.cause instanceof ZodError ? "VALIDATION" : reasonOfStatus(shape.data.httpStatus);
    // Every error carries the id its log lines carry, so a customer can quote it.
    const requestId = ctx?.requestId;
    // Internals never leave the server: a 5xx says only that something failed, and that id.
    // A domain error's own message (the payment provider did not answer) was written for people and stays.
    if (shape.data.httpStatus >= 500) {
      const message = error.cause instanceof AppError ? error.cause.message : somethingWentWrong(requestId);
      return { ...shape, message, data: { ...shape.data, code, requestId } };
    }
    // Bad input: the first failing field named, in words a person can act on, and every failing field for tools.
    if (error.cause instanceof ZodError) {
      const invalid = invalidInput(error.cause);
      return { ...shape, message: invalid.message, data: { ...shape.data, code, requestId, errors: invalid.fieldErrors } };
    }
    if (error.cause instanceof AppError && error.cause.fieldErrors) return { ...shape, data: { ...shape.data, code, requestId, errors: error.cause.fieldErrors } };
    return { ...shape, data: { ...shape.data, code, requestId } };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The tRPC error code of each HTTP status a reason code answers with. */
const TRPC_CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/** Domain errors thrown by services become tRPC errors with their HTTP status and the same message (the formatter adds the reason code). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && (result.error.cause instanceof AppError || isDatabaseUnavailable(result.error.cause))) {
    const cause = result.error.cause instanceof AppError ? result.error.cause : databaseUnavailable(result.error.cause);
    throw new TRPCError({ code: TRPC_CODE_OF_STATUS[cause.httpStatus] ?? "INTERNAL_SERVER_ERROR", message: cause.message, cause });
  }
  return result;
});

/** A span per procedure call when tracing is on, with the request id its log lines carry. */
const procedureSpans = t.middleware(({ path, type, ctx, next }) =>
  traced(ctx.db, `trpc ${path}`, { "rpc.system": "trpc", "rpc.method": path, "mithai.procedure_type": type, "mithai.request_id": ctx.requestId ?? "" }, (db) =>
    db === ctx.db ? next() : next({ ctx: { db } }),
  ),
);

/** Every procedure's raw input is refused when it carries what no check may see (input-guard.ts). */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  assertStorableInput(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(procedureSpans).use(domainErrors).use(storableInput);

export const customerProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: requireSignedIn(ctx) }));

export const adminProcedure = customerProcedure.use(async ({ ctx, next }) => {
  await assertAdmin(ctx, ctx.auth);
  return next();
});
