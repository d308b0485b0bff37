import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import { appRouter, type AppRouter } from "@mithai/api/root";
import { contextFromRequest } from "../context";

export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => contextFromRequest(req, { allowTokenHeader: false }),
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error.cause ?? error, path }, "tRPC procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
