import { authRouter, userRouter } from "./accounts/router";
import { adminRouter } from "./admin/router";
import { catalogRouter } from "./catalog/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  admin: adminRouter,
  auth: authRouter,
  user: userRouter,
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
