import { cartRouter } from "./cart/router";
import { catalogRouter } from "./catalog/router";
import { reviewsRouter } from "./reviews/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  cart: cartRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
