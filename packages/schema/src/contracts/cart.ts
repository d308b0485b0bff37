import { z } from "./z";
import { CART_FULL_MESSAGE, MAX_CART_LINES, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, QUANTITY_MESSAGE, isValidQuantity, type CartLine, type MergedQuantityChange } from "../cart";

/**
 * Item ids are only bounded here: a string that is not a catalogue id is answered as an unknown item
 * by the cart service, the same way the catalogue answers it.
 */
export const cartItemIdSchema = z.string({ message: "Item id is required" }).trim().min(1, "Item id is required").max(100, "Item id is not valid");

export const quantitySchema = z
  .custom<number>(isValidQuantity, { message: QUANTITY_MESSAGE })
  .meta({ type: "integer", minimum: MIN_LINE_QUANTITY, maximum: MAX_LINE_QUANTITY, description: "Kilograms" });

export const addToCartSchema = z.object({
  itemId: cartItemIdSchema,
  quantity: quantitySchema.optional(),
});

export const cartItemSchema = z.object({ itemId: cartItemIdSchema });

export const mergeCartSchema = z.object({
  cartData: z
    .record(z.string().max(100, "Item id is not valid"), quantitySchema, { message: "Cart data must map item ids to quantities" })
    .refine((cart) => Object.keys(cart).length <= MAX_CART_LINES, CART_FULL_MESSAGE),
});

export const cartLineSchema = z.object({ _id: z.string(), quantity: z.number() }) satisfies z.ZodType<CartLine>;

export const mergedQuantityChangeSchema = z.object({ _id: z.string(), name: z.string(), from: z.number(), to: z.number() }) satisfies z.ZodType<MergedQuantityChange>;

/** REST answers (SPEC §7): the whole cart, as `cartItems` and as the food-del family reads it (`cartData`: id → quantity). */
const restCart = {
  success: z.literal(true),
  cartItems: z.array(cartLineSchema),
  cartData: z.record(z.string(), z.number()),
};
/** `POST /api/cart/get`: the cart and the promo code kept with it. */
export const cartGetAnswerSchema = z.object({ ...restCart, promoCode: z.string().nullable() });
/** `POST /api/cart/add` and `/api/cart/remove`. */
export const cartChangeAnswerSchema = z.object({ ...restCart, message: z.string() });
/** `POST /api/cart/merge`: what could not be added and which quantities were cut. */
export const cartMergeAnswerSchema = z.object({
  ...restCart,
  message: z.string(),
  droppedItemIds: z.array(z.string()),
  changed: z.array(mergedQuantityChangeSchema),
});
