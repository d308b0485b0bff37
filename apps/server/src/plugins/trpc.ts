import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import { AppError } from "@mithai/api/errors";
import { appRouter, type AppRouter } from "@mithai/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema/trpc";
import { contextFromRequest } from "../context";
import { sendPreparedJson } from "./compression";

/** The storefront's catalogue query, as its own GET (see apps/web/src/lib/trpc.ts): served from the catalogue cache. */
export const TRPC_CATALOG_LIST_URL = "/trpc/catalog.list";

export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  // No procedure takes a form: the adapter would otherwise try to serialise the raw multipart stream (a 500).
  app.addHook("onRequest", async (req) => {
    if (req.headers["content-type"]?.toLowerCase().startsWith("multipart/")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send tRPC input as JSON");
  });
  // Every page of the storefront reads the catalogue. This exact request (no input, not batched) gets the answer tRPC
  // would give, made once per catalogue version and pre-compressed, with an ETag; any other form goes to tRPC.
  const { catalog } = app.deps;
  app.addHook("onRequest", (req, reply, done) => {
    if (req.method !== "GET" || req.url !== TRPC_CATALOG_LIST_URL) return done();
    // If the catalogue cannot be read, tRPC answers (and logs) the failure in its own shape.
    catalog.snapshot().then((snapshot) => sendPreparedJson(req, reply, snapshot.trpcListResponse), () => done());
  });
  // tRPC answers with a fetch Response, whose status and headers Fastify applies only after the onSend hooks: the
  // compression hook would take the body and lose them (every compressed error a 200 without a content type). The
  // Response becomes a plain answer here, before any compression sees it.
  app.addHook("onSend", async (_req, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    reply.status(payload.status);
    payload.headers.forEach((value, name) => reply.header(name, value));
    return Buffer.from(await payload.arrayBuffer());
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      // One request is at most this many calls (tRPC answers 400 beyond): a batch of hundreds would hold the server.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req }) => contextFromRequest(req, { allowTokenHeader: false }),
      onError({ error, path, req }) {
        // req.log: the line carries the request id the answer shows.
        if (getHTTPStatusCodeFromError(error) >= 500) req.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
