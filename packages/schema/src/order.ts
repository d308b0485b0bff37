import type { Address } from "./account";
import type { DeliveryQuote } from "./kitchen";
import type { ReasonCode } from "./reasons";
import type { WhatsappMode } from "./whatsapp";

/** Why a promo code given at checkout does not apply: a refusal's code, or the month's ₹150 being larger. */
export const MONTHLY_DISCOUNT_LARGER = "MONTHLY_DISCOUNT_LARGER";
export type PromoReason = ReasonCode | typeof MONTHLY_DISCOUNT_LARGER;

/** Order and payment facts shared by server and browser (no zod here: the storefront bundle stays small). */
export const DISCOUNT_PAISE = 150 * 100;
/** The discount is given on this paid order of a calendar month (Asia/Kolkata). */
export const DISCOUNTED_ORDER_NUMBER = 2;
/**
 * The calendar days the shop's order filters and page cursors may name. Outside them the database refuses the
 * timestamp (year 0) or JavaScript's dates stop being plain ISO text, and no order of this shop lies there anyway.
 */
export const ORDER_DATE_RANGE = { first: "2000-01-01", last: "2099-12-31" } as const;
export const CURRENCY = "INR";
/** The largest order paid online in one go (Razorpay's usual per-payment ceiling); larger ones go through the shop. */
export const MAX_ORDER_PAISE = 500_000 * 100;

/** Fulfilment statuses the kitchen sets after payment; the first is spelt so on purpose (stored value). */
export const ORDER_STATUSES = ["Order Recieved", "Food Processing", "Out for delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_RECEIVED: OrderStatus = "Order Recieved";

/**
 * A status as customers read it (their pages, mails, documents): "Order received" for the stored "Order Recieved";
 * the stored and REST value stays the spec's. Admin screens show the stored value.
 */
export function orderStatusLabel(status: string): string {
  return status === ORDER_RECEIVED ? "Order received" : status;
}
/** What an order's fulfilment status column may hold: nothing until the order is paid, then one of the statuses. */
export const STORED_ORDER_STATUSES = ["", ...ORDER_STATUSES] as const;

/** How payments are taken (PAYMENTS_MODE): sandbox, the shop's own test-mode window; razorpay, Razorpay's checkout.js. */
export const PAYMENTS_MODES = ["sandbox", "razorpay"] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

/** `refunded`: a payment that came for an order the shop could no longer honour, given back in full. */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The payment statuses in the sets the shop's rules speak of, declared once: queries use them through
 * `paymentStatusIn` (packages/api/src/lifecycle/query.ts), indexes and CHECKs through `isOneOf`, never as SQL text.
 */
export const PAYMENT_STATUS_SETS = {
  /** Orders holding what they claimed at placement (a promo code's use, the month's discount slot): waiting for payment, or paid. */
  holding: ["pending", "paid"],
  /** Never paid: the payment failed or the order expired. A payment may still arrive for them (a late payment). */
  unpaid: ["failed", "expired"],
  /** Orders a payment can still make paid: the open one, and (after the late-payment checks) unpaid ones. */
  payable: ["pending", "failed", "expired"],
} as const satisfies Record<string, readonly PaymentStatus[]>;
export type PaymentStatusSet = keyof typeof PAYMENT_STATUS_SETS;

/** PAYMENT_WINDOW_MINUTES's default: how long an unpaid order holds its stock, promo use and discount slot. */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 15;

/** Where an order goes: a saved-address shape plus who receives it. */
export type DeliveryAddressInput = Omit<Address, "_id"> & { fullName: string; email: string };

/** Answer of `place` (SPEC §3 + DECISIONS): amount in paise, as the payment window wants it. */
export interface PlacedOrder {
  success: true;
  orderId: string;
  razorpayOrderId: string;
  amount: number;
  currency: typeof CURRENCY;
  key: string;
  discountApplied: boolean;
  /** Whether a promo code's discount applies (it never stacks with the ₹150: the larger one applies), and which code. */
  promoApplied: boolean;
  promoCode: string | null;
  /** Rupees: the discount taken off (₹150 or the code's) and the delivery charge, both inside `amount`. */
  discount: number;
  deliveryCharge: number;
}

export interface VerifyResult {
  success: boolean;
  orderId?: string;
  discountApplied?: boolean;
  /** The customer's paid orders in the order's month before this one. */
  orderCount?: number;
  message?: string;
  /** Why a payment was not accepted (a late payment refunded in full: `PRICE_CHANGED`, `STOCK_SHORT`, …). */
  code?: ReasonCode;
}

/** What the order page shows before paying; rupees, computed by the server from current prices. */
export interface CheckoutPreview {
  lines: {
    _id: string;
    name: string;
    image: string;
    price: number;
    quantity: number;
    lineTotal: number;
    /** Kilograms left (null: not tracked); `problem` says why the line cannot be ordered as it is ("Only 3 kg of … left"). */
    stockKg: number | null;
    problem: string | null;
  }[];
  subtotal: number;
  discount: number;
  /** What would be paid: subtotal − discount + delivery charge. */
  amount: number;
  /** The month's ₹150 applies (then `promoApplied` is null: they never stack). */
  discountApplied: boolean;
  /** The promo code whose discount applies, and why a code given does not (unknown, expired, used up, smaller than ₹150…). */
  promoApplied: string | null;
  promoMessage: string | null;
  /**
   * Why the promo code given does not apply, for clients that word it themselves (the storefront in Hindi and Telugu):
   * its refusal's reason code (PROMO_EXPIRED, …), or MONTHLY_DISCOUNT_LARGER when the month's ₹150 is the larger
   * discount; null when `promoMessage` is.
   */
  promoReason: PromoReason | null;
  /** Rupees, for the pincode given (0 without one), and that pincode's quote. */
  deliveryCharge: number;
  delivery: DeliveryQuote | null;
  paymentMode: PaymentsMode;
  /** Whether the order page offers order updates on WhatsApp (`off`: not offered), and how they go out. */
  whatsappMode: WhatsappMode;
}

/**
 * The order number people read and quote, the same everywhere (pages, mails, CSV, the admin's search): the first
 * 8 characters of the order id in capitals, after a `#` — `#C1436DA2`.
 */
export function orderNumberOf(orderId: string): string {
  return `#${orderId.slice(0, 8).toUpperCase()}`;
}

/** CANCEL_WINDOW_MINUTES's default: the FAQ's "within 1 hour". */
export const DEFAULT_CANCEL_WINDOW_MINUTES = 60;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money given back on an order (rupees). Pending until the bank confirms; a failed one can be retried by the shop. */
export interface OrderRefund {
  id: string;
  amount: number;
  status: RefundStatus;
  reason: string;
  createdAt: string;
  processedAt: string | null;
  failureReason: string | null;
  /** The credit note issued when the refund was processed (`MTHC/26-27/3`); its PDF is at /api/order/{id}/credit-notes/{number}. */
  creditNoteNumber: string | null;
  /** Rupees kept back from this refund: the ₹150 a later discounted order of the same month relied on this order for (the clawback); 0 when none. */
  clawback: number;
}

/** A paid order as its customer sees it (SPEC §3), with its order number, the discount itemised and its refunds. */
export interface CustomerOrder {
  _id: string;
  orderNumber: string;
  items: { _id: string; name: string; quantity: number; price: number }[];
  /** Rupees: the lines' total, the discount taken off it, and what was paid. */
  subtotal: number;
  discount: number;
  amount: number;
  /** The promo code whose discount `discount` is (null: the month's ₹150, or none), and the delivery charge inside `amount`. */
  promoCode: string | null;
  deliveryCharge: number;
  createdAt: string;
  paymentId: string | null;
  status: string;
  address: DeliveryAddressInput;
  /** ISO time of payment (the cancellation window counts from it). */
  paidAt: string | null;
  refunds: OrderRefund[];
  /** Rupees refunded or on their way back (failed refunds not counted). */
  refundedAmount: number;
  /** Rupees: paid − refunded, the one definition of net (0 for an order never paid). */
  net: number;
  /** The tax invoice's number (`MTH/26-27/42`), given at payment; null for orders paid before invoices existed. */
  invoiceNumber: string | null;
  /** Every status the order has had, oldest first: its timeline. */
  statusHistory: StatusHistoryEntry[];
  /** The fulfilment statuses the order may move to now (DECISIONS "The order's life"); empty once Delivered or Cancelled. */
  allowedNext: OrderStatus[];
  /**
   * Rupees a cancellation now would keep back (the clawback: a later discounted order of the same month relied on this
   * one); 0 when none. Shown before the customer confirms.
   */
  cancelClawback: number;
}

export interface StatusHistoryEntry {
  status: string;
  /** ISO time. */
  at: string;
  /** Admin lists only: who made the change (their e-mail; null for the payment's own "Order Recieved"). */
  by?: string | null;
}

/** Answer of a cancellation or a refund request (DECISIONS "After the sale"); amount in rupees. */
export interface RefundAnswer {
  success: true;
  refund: { id: string; amount: number; status: RefundStatus };
  message: string;
}

/** Orders still needed for the month's discount, as the success page says it. */
export function ordersUntilDiscount(orderCount: number): number {
  return Math.max(0, DISCOUNTED_ORDER_NUMBER - 1 - orderCount);
}
