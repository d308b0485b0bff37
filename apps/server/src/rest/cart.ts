import type { FastifyInstance } from "fastify";
import { addToCart, cartPromoCode, getCart, mergeGuestCart, removeOneFromCart } from "@mithai/api";
import { addToCartSchema, cartChangeAnswerSchema, cartGetAnswerSchema, cartItemSchema, cartMergeAnswerSchema, mergeCartSchema } from "@mithai/schema";
import { contract } from "./contract";
import { customerRestContext, parseInput } from "./request";

/**
 * The cart as SPEC §7 answers it (`cartItems`: each `_id`, `quantity`) and, beside it, as the food-del family of
 * clients reads it (`cartData`: id → quantity), so such a client's cart and sign-in work unchanged.
 */
export function cartAnswer(cartItems: CartLine[]): { cartItems: CartLine[]; cartData: Record<string, number> } {
  return { cartItems, cartData: Object.fromEntries(cartItems.map((line) => [line._id, line.quantity])) };
}

type CartLine = { _id: string; quantity: number };

const contracts = {
  get: contract({ summary: "The signed-in customer's cart", tag: "Cart", auth: "customer", answer: cartGetAnswerSchema }),
  add: contract({
    summary: "Add kilograms of a sweet (1 by default)",
    tag: "Cart",
    auth: "customer",
    body: addToCartSchema,
    answer: cartChangeAnswerSchema,
    refusals: ["NOT_FOUND", "CART_FULL", "STOCK_SHORT"],
  }),
  remove: contract({ summary: "Take one kilogram of a sweet out", tag: "Cart", auth: "customer", body: cartItemSchema, answer: cartChangeAnswerSchema, refusals: ["NOT_FOUND"] }),
  merge: contract({
    summary: "Merge a guest's cart (id → kilograms) into the account's",
    tag: "Cart",
    auth: "customer",
    body: mergeCartSchema,
    answer: cartMergeAnswerSchema,
    refusals: ["CART_FULL"],
  }),
};

/** SPEC §7 cart calls: every answer carries the whole cart (see cartAnswer). */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.post("/api/cart/get", { schema: contracts.get }, async (req) => {
    const { userId } = (await customerRestContext(req)).auth;
    // The promo code kept with the cart (DECISIONS "The shopper's next step"), or null.
    return { success: true, ...cartAnswer(await getCart(db, userId)), promoCode: await cartPromoCode(db, userId) };
  });

  app.post("/api/cart/add", { schema: contracts.add }, async (req) => {
    const { userId } = (await customerRestContext(req)).auth;
    const input = parseInput(addToCartSchema, req.body);
    return { success: true, message: "Added to cart", ...cartAnswer(await addToCart(db, userId, input.itemId, input.quantity)) };
  });

  app.post("/api/cart/remove", { schema: contracts.remove }, async (req) => {
    const { userId } = (await customerRestContext(req)).auth;
    const input = parseInput(cartItemSchema, req.body);
    return { success: true, message: "Removed from cart", ...cartAnswer(await removeOneFromCart(db, userId, input.itemId)) };
  });

  app.post("/api/cart/merge", { schema: contracts.merge }, async (req) => {
    const { userId } = (await customerRestContext(req)).auth;
    const input = parseInput(mergeCartSchema, req.body);
    const merged = await mergeGuestCart(db, userId, input.cartData);
    const message = merged.droppedItemIds.length ? "Cart merged; some items could not be added (no longer on the menu, or the cart is full)" : "Cart merged";
    return { success: true, message, ...merged, ...cartAnswer(merged.cartItems) };
  });
}
