import { z } from "./z";
import type { DeliveryAddressInput } from "../order";
import { CART_FULL_MESSAGE, MAX_CART_LINES } from "../cart";
import { addressInputSchema, mobileSchema, pincodeSchema } from "./account";
import { emailSchema } from "./auth";
import { cartItemIdSchema, quantitySchema } from "./cart";
import { promoApplyInputSchema } from "./kitchen";
import { customerOrderSchema } from "./answers";

/** The checkout address: a saved-address shape (same PIN code and mobile rules) plus who receives it. */
export const deliveryAddressSchema = addressInputSchema.extend({
  fullName: z.string({ message: "Full name is required" }).trim().min(1, "Full name is required").max(120, "Full name is too long"),
  email: emailSchema,
}) satisfies z.ZodType<DeliveryAddressInput, unknown>;

/** One line a client asks to order; the `name` and `price` SPEC §7 clients also send are ignored (catalogue prices rule). */
export const orderLineInputSchema = z.object({ _id: cartItemIdSchema, quantity: quantitySchema });

/** The lines of an order: at most a cart's worth, each item once. Which ids are on sale is the service's to say. */
export const orderLinesSchema = z
  .array(orderLineInputSchema)
  .min(1, "Choose at least one item to order")
  .max(MAX_CART_LINES, CART_FULL_MESSAGE)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line._id)) ctx.addIssue({ code: "custom", path: [index, "_id"], message: "This item is already in the order" });
      seen.add(line._id);
    });
  });

/**
 * `place` orders exactly `items` when they are given (SPEC §7), otherwise the server cart. Either way the
 * amount comes from current catalogue prices: a client's `amount`, `price` and `name` are ignored.
 */
export const placeOrderInputSchema = z.object({
  address: deliveryAddressSchema,
  items: orderLinesSchema.optional(),
  /**
   * A promo code (any case); the server checks it and applies it unless the month's ₹150 off is larger. Without one,
   * the code kept with the server cart applies, if it still can (DECISIONS "The shopper's next step").
   */
  promoCode: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), promoApplyInputSchema.shape.code.optional()),
  /** Order updates on WhatsApp too (receipt, status changes, cancellation, refund), to `whatsappMobile` or else the delivery mobile. */
  notifyWhatsapp: z.boolean({ message: "notifyWhatsapp must be true or false" }).optional(),
  whatsappMobile: mobileSchema.optional(),
}).refine((input) => input.whatsappMobile === undefined || input.notifyWhatsapp === true, {
  path: ["whatsappMobile"],
  message: "whatsappMobile is the number for WhatsApp updates: send it with notifyWhatsapp: true",
});
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;

/** The order page's summary, with delivery to a PIN code and a promo code when the customer has given them. */
export const checkoutPreviewInputSchema = z
  .object({ pincode: pincodeSchema.optional(), promoCode: promoApplyInputSchema.shape.code.optional() })
  .optional();

/** The payment window's answer, named as Razorpay names it. */
export const verifyPaymentInputSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().trim().min(1).max(200),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentInputSchema>;

/** The customer cancels their own paid order (DECISIONS "After the sale"). */
export const cancelOrderInputSchema = z.object({ orderId: z.uuid({ message: "orderId: the order's id (a UUID) is required" }) });

/** The customer closed the payment window of their pending order without paying. */
export const abandonOrderInputSchema = cancelOrderInputSchema;

/** An order's tax invoice (or bill of supply), for its customer or an admin. */
export const invoiceInputSchema = cancelOrderInputSchema;

/** One of an order's credit notes, by its number as printed (`MTHC/26-27/3`). */
export const creditNoteInputSchema = cancelOrderInputSchema.extend({
  number: z.string({ message: "number: the credit note's number is required" }).trim().min(1, { message: "number: the credit note's number is required" }).max(40, { message: "number: at most 40 characters" }),
});

/** REST answer of `POST /api/order/userorders`: the customer's orders, newest first. */
export const customerOrdersAnswerSchema = z.object({ success: z.literal(true), data: z.array(customerOrderSchema) });
