import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { addToCartSchema, cartItemSchema, cartLineSchema, mergeCartSchema, mergedQuantityChangeSchema } from "@mithai/schema";
import { customerProcedure } from "../trpc";
import { addToCart, getCart, mergeGuestCart, removeLineFromCart, removeOneFromCart } from "./service";

const cartOutput = z.array(cartLineSchema);

/** The signed-in customer's server cart; every change answers the whole cart. */
export const cartRouter = {
  get: customerProcedure.output(cartOutput).query(({ ctx }) => getCart(ctx.db, ctx.auth.userId)),
  add: customerProcedure
    .input(addToCartSchema)
    .output(cartOutput)
    .mutation(({ ctx, input }) => addToCart(ctx.db, ctx.auth.userId, input.itemId, input.quantity)),
  remove: customerProcedure
    .input(cartItemSchema)
    .output(cartOutput)
    .mutation(({ ctx, input }) => removeOneFromCart(ctx.db, ctx.auth.userId, input.itemId)),
  removeAll: customerProcedure
    .input(cartItemSchema)
    .output(cartOutput)
    .mutation(({ ctx, input }) => removeLineFromCart(ctx.db, ctx.auth.userId, input.itemId)),
  merge: customerProcedure
    .input(mergeCartSchema)
    .output(z.object({ cartItems: cartOutput, droppedItemIds: z.array(z.string()), changed: z.array(mergedQuantityChangeSchema) }))
    .mutation(({ ctx, input }) => mergeGuestCart(ctx.db, ctx.auth.userId, input.cartData)),
} satisfies TRPCRouterRecord;
