import { z } from "zod";
import type { DeliveryAddressInput } from "../order";
import { addressInputSchema } from "./account";
import { emailSchema } from "./auth";

/** The checkout address: a saved-address shape (same PIN code and mobile rules) plus who receives it. */
export const deliveryAddressSchema = addressInputSchema.extend({
  fullName: z.string({ message: "Full name is required" }).trim().min(1, "Full name is required").max(120, "Full name is too long"),
  email: emailSchema,
}) satisfies z.ZodType<DeliveryAddressInput, unknown>;

/** `place` takes only the delivery address: items and amount come from the server cart and catalogue. */
export const placeOrderInputSchema = z.object({ address: deliveryAddressSchema });

/** The payment window's answer, named as Razorpay names it. */
export const verifyPaymentInputSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().trim().min(1).max(200),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentInputSchema>;
