import { authRouter, userRouter } from "./accounts/router";
import { catalogRouter } from "./catalog/router";
import { orderRouter } from "./orders/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  user: userRouter,
  catalog: catalogRouter,
  order: orderRouter,
});

export type AppRouter = typeof appRouter;
