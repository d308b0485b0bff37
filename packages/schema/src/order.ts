import type { Address } from "./account";

/** Order and payment facts shared by server and browser (no zod here: the storefront bundle stays small). */
export const DISCOUNT_PAISE = 150 * 100;
/** The discount is given on this paid order of a calendar month (Asia/Kolkata). */
export const DISCOUNTED_ORDER_NUMBER = 2;
export const SHOP_TIME_ZONE = "Asia/Kolkata";
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

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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
}

export interface VerifyResult {
  success: boolean;
  orderId?: string;
  discountApplied?: boolean;
  /** The customer's paid orders in the order's month before this one. */
  orderCount?: number;
  message?: string;
}

/** What the order page shows before paying; rupees, computed by the server from current prices. */
export interface CheckoutPreview {
  lines: { _id: string; name: string; image: string; price: number; quantity: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  amount: number;
  discountApplied: boolean;
  /** sandbox: the shop's own test-mode window; razorpay: Razorpay's checkout.js. */
  paymentMode: "sandbox" | "razorpay";
}

/** A paid order as its customer sees it (SPEC §3). */
export interface CustomerOrder {
  _id: string;
  items: { _id: string; name: string; quantity: number; price: number }[];
  amount: number;
  createdAt: string;
  paymentId: string | null;
  status: string;
  address: DeliveryAddressInput;
}

/** Orders still needed for the month's discount, as the success page says it. */
export function ordersUntilDiscount(orderCount: number): number {
  return Math.max(0, DISCOUNTED_ORDER_NUMBER - 1 - orderCount);
}
