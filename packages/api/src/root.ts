import { authRouter, userRouter } from "./accounts/router";
import { adminRouter } from "./admin/router";
import { cartRouter } from "./cart/router";
import { catalogRouter } from "./catalog/router";
import { reviewsRouter } from "./reviews/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  admin: adminRouter,
  auth: authRouter,
  user: userRouter,
  catalog: catalogRouter,
  cart: cartRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
