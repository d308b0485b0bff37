import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import { AppError } from "@mithai/api/errors";
import { appRouter, type AppRouter } from "@mithai/api/root";
import { contextFromRequest } from "../context";

export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  // No procedure takes a form: the adapter would otherwise try to serialise the raw multipart stream (a 500).
  app.addHook("onRequest", async (req) => {
    if (req.headers["content-type"]?.toLowerCase().startsWith("multipart/")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send tRPC input as JSON");
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => contextFromRequest(req, { allowTokenHeader: false }),
      onError({ error, path }) {
        if (getHTTPStatusCodeFromError(error) >= 500) app.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
