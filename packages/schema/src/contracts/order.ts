import { z } from "zod";
import type { DeliveryAddressInput } from "../order";
import { emailSchema } from "./auth";

const requiredText = (label: string, max = 120) =>
  z.string({ message: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/** Indian PIN code: 6 digits, never starting with 0. */
export const pincodeSchema = z
  .string({ message: "Pincode is required" })
  .trim()
  .regex(/^[1-9]\d{5}$/, "Pincode must be 6 digits and cannot start with 0");

/** A 10-digit Indian mobile number, optionally written with +91; stored as the 10 digits. */
export const mobileSchema = z
  .string({ message: "Mobile number is required" })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(?:\+91)?\d{10}$/, "Mobile number must be 10 digits (optionally with +91)"))
  .transform((value) => value.slice(-10));

export const deliveryAddressSchema = z.object({
  fullName: requiredText("Full name"),
  email: emailSchema,
  street: requiredText("Street", 300),
  city: requiredText("City"),
  state: requiredText("State"),
  pincode: pincodeSchema,
  country: requiredText("Country").default("India"),
  mobile: mobileSchema,
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
