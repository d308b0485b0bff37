import { catalogRouter } from "./catalog/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
