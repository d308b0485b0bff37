import type { Address } from "./account";
import type { ReasonCode } from "./reasons";

/** Why a promo code given at checkout does not apply: a refusal's code, or the month's ₹150 being larger. */
export const MONTHLY_DISCOUNT_LARGER = "MONTHLY_DISCOUNT_LARGER";
export type PromoReason = ReasonCode | typeof MONTHLY_DISCOUNT_LARGER;

/**
 * Order and payment facts shared by server and browser (no zod here: the storefront bundle stays small). The answers
 * built of them (CustomerOrder, PlacedOrder, CheckoutPreview, …) are declared once, by their contracts in contracts/order.ts.
 */
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

/** Orders still needed for the month's discount, as the success page says it. */
export function ordersUntilDiscount(orderCount: number): number {
  return Math.max(0, DISCOUNTED_ORDER_NUMBER - 1 - orderCount);
}
