import { z } from "./z";
import { CURRENCY, MONTHLY_DISCOUNT_LARGER, ORDER_STATUSES, PAYMENTS_MODES, REFUND_STATUSES, type DeliveryAddressInput, type PromoReason } from "../order";
import { REASON_CODES, type ReasonCode } from "../reasons";
import { WHATSAPP_MODES } from "../whatsapp";
import { CART_FULL_MESSAGE, MAX_CART_LINES } from "../cart";
import { addressInputSchema, addressSchema, mobileSchema, pincodeSchema } from "./account";
import { emailSchema } from "./auth";
import { cartItemIdSchema, quantitySchema } from "./cart";
import { deliveryQuoteSchema, promoApplyInputSchema } from "./kitchen";

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

/**
 * What procedures answer, as `.output()` contracts: the typed client's types are these, and a service that answers
 * anything else fails loudly (a 500 in the tests) instead of sending it. Money is rupees as numbers, as everywhere.
 */

const rupees = z.number();
const isoTime = z.string();

/** Money given back on an order (rupees). Pending until the bank confirms; a failed one can be retried by the shop. */
const refundSchema = z.object({
  id: z.string(),
  amount: rupees,
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  createdAt: isoTime,
  processedAt: isoTime.nullable(),
  failureReason: z.string().nullable(),
  /** The credit note issued when the refund was processed (`MTHC/26-27/3`); its PDF is at /api/order/{id}/credit-notes/{number}. */
  creditNoteNumber: z.string().nullable(),
  /** Rupees kept back from this refund: the ₹150 a later discounted order of the same month relied on this order for (the clawback); 0 when none. */
  clawback: z.number(),
});
export type OrderRefund = z.infer<typeof refundSchema>;

const statusHistoryEntrySchema = z.object({
  status: z.string(),
  /** ISO time. */
  at: isoTime,
  /** Admin lists only: who made the change (their e-mail; null for the payment's own "Order Recieved"). */
  by: z.string().nullable().optional(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** A paid order as its customer sees it (SPEC §3), with its order number, the discount itemised and its refunds. */
export const customerOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  items: z.array(z.object({ _id: z.string(), name: z.string(), quantity: z.number(), price: rupees })),
  /** Rupees: the lines' total, the discount taken off it, and what was paid. */
  subtotal: rupees,
  discount: rupees,
  amount: rupees,
  /** The promo code whose discount `discount` is (null: the month's ₹150, or none), and the delivery charge inside `amount`. */
  promoCode: z.string().nullable(),
  deliveryCharge: rupees,
  createdAt: isoTime,
  paymentId: z.string().nullable(),
  status: z.string(),
  address: addressSchema.omit({ _id: true }).extend({ fullName: z.string(), email: z.string() }) satisfies z.ZodType<DeliveryAddressInput>,
  /** ISO time of payment (the cancellation window counts from it). */
  paidAt: isoTime.nullable(),
  refunds: z.array(refundSchema),
  /** Rupees refunded or on their way back (failed refunds not counted). */
  refundedAmount: rupees,
  /** Rupees: paid − refunded, the one definition of net (0 for an order never paid). */
  net: rupees,
  /** The tax invoice's number (`MTH/26-27/42`), given at payment; null for orders paid before invoices existed. */
  invoiceNumber: z.string().nullable(),
  /** Every status the order has had, oldest first: its timeline. */
  statusHistory: z.array(statusHistoryEntrySchema),
  /** The fulfilment statuses the order may move to now (DECISIONS "The order's life"); empty once Delivered or Cancelled. */
  allowedNext: z.array(z.enum(ORDER_STATUSES)),
  /**
   * Rupees a cancellation now would keep back (the clawback: a later discounted order of the same month relied on this
   * one), never more than is left to refund; 0 when none. Shown before the customer confirms. When it is all that is
   * left (less than ₹1 would go back), the order cannot be cancelled online.
   */
  cancelClawback: rupees,
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** Answer of a cancellation or a refund request (DECISIONS "After the sale"); amount in rupees. */
export const refundAnswerSchema = z.object({
  success: z.literal(true),
  refund: z.object({ id: z.string(), amount: rupees, status: z.enum(REFUND_STATUSES) }),
  message: z.string(),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** `order.place` (SPEC §3 + DECISIONS): the pending order and what the payment window needs; `amount` here is paise, as Razorpay takes it. */
export const placedOrderSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  razorpayOrderId: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  key: z.string(),
  discountApplied: z.boolean(),
  /** Whether a promo code's discount applies (it never stacks with the ₹150: the larger one applies), and which code. */
  promoApplied: z.boolean(),
  promoCode: z.string().nullable(),
  /** Rupees: the discount taken off (₹150 or the code's) and the delivery charge, both inside `amount`. */
  discount: rupees,
  deliveryCharge: rupees,
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** `order.preview`: what the order page shows before paying, what `place` would charge now; rupees, computed by the server from current prices. */
export const checkoutPreviewSchema = z.object({
  lines: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      image: z.string(),
      price: rupees,
      quantity: z.number(),
      lineTotal: rupees,
      /** Kilograms left (null: not tracked); `problem` says why the line cannot be ordered as it is ("Only 3 kg of … left"). */
      stockKg: z.number().int().nullable(),
      problem: z.string().nullable(),
    }),
  ),
  subtotal: rupees,
  discount: rupees,
  /** What would be paid: subtotal − discount + delivery charge. */
  amount: rupees,
  /** The month's ₹150 applies (then `promoApplied` is null: they never stack). */
  discountApplied: z.boolean(),
  /** The promo code whose discount applies, and why a code given does not (unknown, expired, used up, smaller than ₹150…). */
  promoApplied: z.string().nullable(),
  promoMessage: z.string().nullable(),
  /**
   * Why the promo code given does not apply, for clients that word it themselves (the storefront in Hindi and Telugu):
   * its refusal's reason code (PROMO_EXPIRED, …), or MONTHLY_DISCOUNT_LARGER when the month's ₹150 is the larger
   * discount; null when `promoMessage` is.
   */
  promoReason: z.enum([MONTHLY_DISCOUNT_LARGER, ...REASON_CODES] satisfies [PromoReason, ...PromoReason[]]).nullable(),
  /** Rupees, for the pincode given (0 without one), and that pincode's quote. */
  deliveryCharge: rupees,
  delivery: deliveryQuoteSchema.nullable(),
  paymentMode: z.enum(PAYMENTS_MODES),
  /** Whether the order page offers order updates on WhatsApp (`off`: not offered), and how they go out. */
  whatsappMode: z.enum(WHATSAPP_MODES),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

/** `order.verify`: whether the payment was confirmed (a no is data, with its message), and the month's paid orders before it. */
export const verifyResultSchema = z.object({
  success: z.boolean(),
  orderId: z.string().optional(),
  discountApplied: z.boolean().optional(),
  /** The customer's paid orders in the order's month before this one. */
  orderCount: z.number().int().optional(),
  message: z.string().optional(),
  /** Why a payment was not accepted (a late payment refunded in full: `PRICE_CHANGED`, `STOCK_SHORT`, …). */
  code: z.enum(REASON_CODES as [ReasonCode, ...ReasonCode[]]).optional(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** `order.abandon`: the order's payment status after the window was closed. */
export const abandonAnswerSchema = z.object({ paymentStatus: z.string() });

const paise = z.number().int();
/** The figures a tax document adds up, per line and in total (paise, the GST split worked out to the paisa). */
const taxFigures = { grossPaise: paise, discountPaise: paise, taxablePaise: paise, cgstPaise: paise, sgstPaise: paise, igstPaise: paise };

/** tRPC `order.invoice` and `order.creditNote`: the document the PDF prints, as data (dates as ISO strings). */
export const invoiceDocumentSchema = z.object({
  title: z.enum(["Tax invoice", "Bill of supply", "Credit note"]),
  /** A credit note names the invoice it corrects and why (a refund). */
  reference: z.object({ invoiceNumber: z.string(), invoiceDate: isoTime, reason: z.string() }).optional(),
  number: z.string(),
  date: isoTime,
  orderNumber: z.string(),
  supplier: z.object({ legalName: z.string(), address: z.string(), state: z.string(), gstin: z.string().optional(), stateCode: z.string().nullable() }),
  recipient: z.object({ name: z.string(), address: z.string(), state: z.string(), stateCode: z.string().nullable() }),
  placeOfSupply: z.string(),
  figures: z.object({
    lines: z.array(
      z.object({
        name: z.string(),
        hsn: z.string(),
        gstRate: z.number(),
        quantity: z.number(),
        unitPricePaise: paise,
        discountable: z.boolean().optional(),
        ...taxFigures,
        valuePaise: paise,
      }),
    ),
    totals: z.object({ ...taxFigures, totalPaise: paise }),
  }),
  intraState: z.boolean(),
  amountInWords: z.string(),
});
export type InvoiceDocumentData = z.infer<typeof invoiceDocumentSchema>;

/** REST answer of `POST /api/order/userorders`: the customer's orders, newest first. */
export const customerOrdersAnswerSchema = z.object({ success: z.literal(true), data: z.array(customerOrderSchema) });
