import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { Readable } from "node:stream";
import type { RequestContext } from "@mithai/api";
import { AppError, appRouter, type AppRouter, assertAdmin, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "@mithai/api";
import { reasonOfStatus, TRPC_MAX_BATCH_SIZE } from "@mithai/schema";
import { contextFromRequest } from "../context";

export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  // Only the form procedures take a form: any other would get the raw multipart stream as its input.
  app.addHook("onRequest", async (req) => {
    if (isMultipart(req) && !FORM_PROCEDURES.has(procedurePath(req))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send tRPC input as JSON");
  });
  // A form's body is left unparsed: tRPC reads it from the request stream itself, after createContext has admitted it.
  // The adapter reads only Node's own IncomingMessage as a stream (anything else it JSON-encodes), so app.inject's
  // request, a plain Readable, is handed over as one.
  app.addHook("preValidation", async (req) => {
    if (isMultipart(req)) req.body = req.raw instanceof IncomingMessage ? req.raw : asIncomingMessage(req.raw);
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      // One request is at most this many calls (tRPC answers 400 beyond): a batch of hundreds would hold the server.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: async ({ req }) => {
        const ctx = await contextFromRequest(req, { allowTokenHeader: false });
        if (isMultipart(req)) await admitForm(req, ctx);
        return ctx;
      },
      onError({ error, path, req }) {
        // req.log: the line carries the request id the answer shows.
        if (getHTTPStatusCodeFromError(error) >= 500) req.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
        else req.server.operations.refused(error.cause instanceof AppError ? error.cause.code : reasonOfStatus(getHTTPStatusCodeFromError(error)));
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}

/** The procedures that take a FormData input (an item's fields and its picture); every other one takes JSON. */
export const FORM_PROCEDURES = new Set(["admin.addFood", "admin.editFood", "admin.checkFood"]);
/** A form is the picture plus its text fields (30 fields of at most 64 KB each, as the REST form allows). */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 30 * 64 * 1024;

const procedurePath = (req: FastifyRequest) => req.url.split("?")[0]!.slice("/trpc/".length);
const isMultipart = (req: FastifyRequest) => req.headers["content-type"]?.toLowerCase().startsWith("multipart/") ?? false;

/**
 * A form is read whole into memory by tRPC before its procedure runs, so it is admitted only from an admin, with a declared length within bounds (Node stops reading at that length): anyone else's upload is
 * refused before a byte of it is read.
 */
async function admitForm(req: FastifyRequest, ctx: RequestContext): Promise<void> {
  await assertAdmin(ctx, ctx.auth).catch((error: unknown) => {
    throw new TRPCError({ code: ctx.auth ? "FORBIDDEN" : "UNAUTHORIZED", message: error instanceof Error ? error.message : "Admins only" });
  });
  const length = Number(req.headers["content-length"]);
  if (!Number.isInteger(length) || length <= 0) throw new TRPCError({ code: "BAD_REQUEST", message: "Send the form with a Content-Length" });
  if (length > MAX_FORM_BYTES) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: IMAGE_TOO_LARGE_MESSAGE });
}

/** A readable stream (app.inject's request) as an IncomingMessage that yields the same bytes (the source paused while its buffer is full). */
function asIncomingMessage(stream: Readable): IncomingMessage {
  return new IncomingMessage(new Socket()).wrap(stream);
}
