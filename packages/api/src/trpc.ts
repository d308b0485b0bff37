import { TRPCError, initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, invalidInput, somethingWentWrong } from "./errors";
import { assertNoNul } from "./nul-text";
import { assertAdmin, requireSignedIn } from "./auth/guards";
import type { RequestContext } from "./context";

const t = initTRPC.context<RequestContext>().create({
  // Never put stack traces (file paths, a failed query's SQL) in answers, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    // Internals never leave the server: a 5xx says only that something failed, and the id its log line carries.
    // A domain error's own message (the payment provider did not answer) was written for people and stays.
    if (shape.data.httpStatus >= 500) {
      const requestId = ctx?.requestId;
      const message = error.cause instanceof AppError ? error.cause.message : somethingWentWrong(requestId);
      return { ...shape, message, data: { ...shape.data, requestId } };
    }
    // Bad input: the first failing field named, in words a person can act on, and every failing field for tools.
    if (error.cause instanceof ZodError) {
      const invalid = invalidInput(error.cause);
      return { ...shape, message: invalid.message, data: { ...shape.data, errors: invalid.fieldErrors } };
    }
    if (error.cause instanceof AppError && error.cause.fieldErrors) return { ...shape, data: { ...shape.data, errors: error.cause.fieldErrors } };
    return shape;
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Domain errors thrown by services become tRPC errors with the matching code and the same message. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

/** Every procedure's raw input is refused when it carries text PostgreSQL cannot store. */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  assertNoNul(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(storableText);

export const customerProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: requireSignedIn(ctx) }));

export const adminProcedure = customerProcedure.use(async ({ ctx, next }) => {
  await assertAdmin(ctx, ctx.auth);
  return next();
});
