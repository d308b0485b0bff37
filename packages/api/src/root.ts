import { authRouter, userRouter } from "./accounts/router";
import { catalogRouter } from "./catalog/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  user: userRouter,
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
