import { authRouter, userRouter } from "./accounts/router";
import { adminRouter } from "./admin/router";
import { cartRouter } from "./cart/router";
import { catalogRouter } from "./catalog/router";
import { deliveryRouter } from "./delivery/router";
import { orderRouter } from "./orders/router";
import { promoRouter } from "./promos/router";
import { reviewsRouter } from "./reviews/router";
import { createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  admin: adminRouter,
  auth: authRouter,
  user: userRouter,
  catalog: catalogRouter,
  order: orderRouter,
  cart: cartRouter,
  reviews: reviewsRouter,
  delivery: deliveryRouter,
  promo: promoRouter,
});

export type AppRouter = typeof appRouter;
