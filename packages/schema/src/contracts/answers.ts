import { REASON_CODES, type ReasonCode } from "../reasons";
import { z } from "./z";
import type { AdminCustomerPage, AdminOrderPage, AdminReviewPage, TodaySales, UndeliveredMail } from "../admin";
import { CATEGORIES, type AdminFoodItem, type FoodItem } from "../catalog";
import { CURRENCY, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENTS_MODES, REFUND_STATUSES, type CheckoutPreview, type CustomerOrder, type PlacedOrder, type RefundAnswer, type VerifyResult } from "../order";
import { MAIL_KINDS } from "../mail";
import { WHATSAPP_MODES } from "../whatsapp";
import { PROMO_KINDS, type DeliveryQuote, type DeliveryTerms, type DeliveryZone, type PromoApplyAnswer, type PromoCode } from "../kitchen";
import { addressSchema } from "./account";

/**
 * What procedures answer, as `.output()` contracts: the typed client's types are these, and a service that answers
 * anything else fails loudly (a 500 in the tests) instead of sending it. Money is rupees as numbers, as everywhere.
 */
const rupees = z.number();
const isoTime = z.string();

export const foodItemSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupees,
  image: z.string(),
  category: z.enum(CATEGORIES),
  ingredients: z.string(),
  benefits: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  googleTagHead: z.string(),
  googleTagBody: z.string(),
  hsn: z.string(),
  gstRate: z.number(),
  stockKg: z.number().int().nullable(),
  soldOut: z.boolean(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
}) satisfies z.ZodType<FoodItem>;

const translationAnswerSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  ingredients: z.string().optional(),
  healthBenefits: z.string().optional(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
});

/** An item as the admin's answers show it: English fields plus `translations` (DECISIONS, "Languages"). */
export const adminFoodItemSchema = foodItemSchema.extend({
  translations: z.object({ hi: translationAnswerSchema.optional(), te: translationAnswerSchema.optional() }),
}) satisfies z.ZodType<AdminFoodItem>;

const refundSchema = z.object({
  id: z.string(),
  amount: rupees,
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  createdAt: isoTime,
  processedAt: isoTime.nullable(),
  failureReason: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  clawback: z.number(),
});

export const customerOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  items: z.array(z.object({ _id: z.string(), name: z.string(), quantity: z.number(), price: rupees })),
  subtotal: rupees,
  discount: rupees,
  amount: rupees,
  promoCode: z.string().nullable(),
  deliveryCharge: rupees,
  createdAt: isoTime,
  paymentId: z.string().nullable(),
  status: z.string(),
  address: addressSchema.omit({ _id: true }).extend({ fullName: z.string(), email: z.string() }),
  paidAt: isoTime.nullable(),
  refunds: z.array(refundSchema),
  refundedAmount: rupees,
  net: rupees,
  invoiceNumber: z.string().nullable(),
  statusHistory: z.array(z.object({ status: z.string(), at: isoTime, by: z.string().nullable().optional() })),
  allowedNext: z.array(z.enum(ORDER_STATUSES)),
  cancelClawback: rupees,
}) satisfies z.ZodType<CustomerOrder>;

export const adminOrderSchema = customerOrderSchema.extend({
  discountApplied: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});

export const adminOrderPageSchema = z.object({
  data: z.array(adminOrderSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
  totalCapped: z.boolean(),
}) satisfies z.ZodType<AdminOrderPage>;

/** One page of the orders export: CSV text (the first page starts with the byte-order mark and the header line). */
export const ordersCsvPageSchema = z.object({ csv: z.string(), nextCursor: z.string().nullable() });
export type OrdersCsvPage = z.infer<typeof ordersCsvPageSchema>;

export const todaySalesSchema = z.object({ date: z.string(), orders: z.number(), revenue: rupees }) satisfies z.ZodType<TodaySales>;

export const refundAnswerSchema = z.object({
  success: z.literal(true),
  refund: z.object({ id: z.string(), amount: rupees, status: z.enum(REFUND_STATUSES) }),
  message: z.string(),
}) satisfies z.ZodType<RefundAnswer>;

export const adminCustomerPageSchema = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
      createdAt: isoTime,
      paidOrders: z.number(),
      totalSpent: rupees,
      lastOrderAt: isoTime.nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<AdminCustomerPage>;

export const adminReviewPageSchema = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      productId: z.string(),
      productName: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      review: z.string(),
      createdAt: isoTime,
      hiddenAt: isoTime.nullable(),
      hiddenBy: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<AdminReviewPage>;

export const undeliveredMailListSchema = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(MAIL_KINDS),
    recipient: z.string(),
    attempts: z.number(),
    lastError: z.string().nullable(),
    createdAt: isoTime,
    nextAttemptAt: isoTime,
  }),
) satisfies z.ZodType<UndeliveredMail[]>;

/** `delivery.quote`: whether a PIN code is served, the charge and the expected days. */
export const deliveryQuoteSchema = z.object({
  success: z.literal(true),
  serviceable: z.boolean(),
  charge: rupees,
  etaFrom: z.string().nullable(),
  etaTo: z.string().nullable(),
  zone: z.string().nullable(),
  message: z.string(),
}) satisfies z.ZodType<DeliveryQuote>;

export const deliveryTermsSchema = z.object({
  zones: z.array(z.object({ name: z.string(), charge: rupees, freeAbove: rupees.nullable() })),
  summary: z.string(),
}) satisfies z.ZodType<DeliveryTerms>;

/** `order.place`: the pending order and what the payment window needs; `amount` here is paise, as Razorpay takes it. */
export const placedOrderSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  razorpayOrderId: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  key: z.string(),
  discountApplied: z.boolean(),
  promoApplied: z.boolean(),
  promoCode: z.string().nullable(),
  discount: rupees,
  deliveryCharge: rupees,
}) satisfies z.ZodType<PlacedOrder>;

/** `order.preview`: what `place` would charge now (rupees). */
export const checkoutPreviewSchema = z.object({
  lines: z.array(
    z.object({ _id: z.string(), name: z.string(), image: z.string(), price: rupees, quantity: z.number(), lineTotal: rupees, stockKg: z.number().int().nullable(), problem: z.string().nullable() }),
  ),
  subtotal: rupees,
  discount: rupees,
  amount: rupees,
  discountApplied: z.boolean(),
  promoApplied: z.string().nullable(),
  promoMessage: z.string().nullable(),
  deliveryCharge: rupees,
  delivery: deliveryQuoteSchema.nullable(),
  paymentMode: z.enum(PAYMENTS_MODES),
  whatsappMode: z.enum(WHATSAPP_MODES),
}) satisfies z.ZodType<CheckoutPreview>;

/** `order.verify`: whether the payment was confirmed (a no is data, with its message), and the month's paid orders before it. */
export const verifyResultSchema = z.object({
  success: z.boolean(),
  orderId: z.string().optional(),
  discountApplied: z.boolean().optional(),
  orderCount: z.number().int().optional(),
  message: z.string().optional(),
  code: z.enum(REASON_CODES as [ReasonCode, ...ReasonCode[]]).optional(),
}) satisfies z.ZodType<VerifyResult>;

/** `order.abandon`: the order's payment status after the window was closed. */
export const abandonAnswerSchema = z.object({ paymentStatus: z.string() });

/** `admin.setStock`: the kilograms now left (null: not tracked). */
export const stockAnswerSchema = z.object({ success: z.literal(true), stockKg: z.number().int().nullable() });

/** Answer of a delete: the row is gone. */
export const deletedSchema = z.object({ success: z.literal(true) });

export const deliveryZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pincodes: z.array(z.string()),
  charge: rupees,
  freeAbove: rupees.nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
}) satisfies z.ZodType<DeliveryZone>;

export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  minSubtotal: rupees,
  validFrom: isoTime.nullable(),
  validTo: isoTime.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  active: z.boolean(),
  uses: z.number().int(),
  overrun: z.number().int(),
  pending: z.number().int(),
}) satisfies z.ZodType<PromoCode>;

export const promoApplyAnswerSchema = z.object({
  success: z.boolean(),
  discount: rupees,
  message: z.string(),
  code: z.string().optional(),
}) satisfies z.ZodType<PromoApplyAnswer>;

/** An answer that only says what happened ("Address removed"). */
export const messageAnswerSchema = z.object({ message: z.string() });

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
