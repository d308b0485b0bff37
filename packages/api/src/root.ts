import { catalogRouter } from "./catalog/router";
import { orderRouter } from "./orders/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  order: orderRouter,
});

export type AppRouter = typeof appRouter;
