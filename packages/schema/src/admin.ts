/** Admin panel shapes shared by server and browser (no zod here). */
import type { MailKind, OutboxChannel } from "./mail";
import type { CustomerOrder, PaymentStatus } from "./order";

/** An order as the admin list shows it: the customer's view (SPEC §3) plus the account and the payment state. */
export interface AdminOrder extends CustomerOrder {
  discountApplied: boolean;
  paymentStatus: PaymentStatus;
  customer: { _id: string; name: string; email: string };
}

export interface AdminOrderPage {
  data: AdminOrder[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Orders matching the filters, across all pages (counting stops at 10,000). */
  total: number;
  /** True when more than `total` orders match. */
  totalCapped: boolean;
}

/** Paid orders placed today (shop time) that were not cancelled. */
export interface TodaySales {
  date: string;
  orders: number;
  revenue: number;
}

export const ADMIN_ORDER_PAGE_SIZE = 20;
export const ADMIN_ORDER_MAX_PAGE_SIZE = 200;

/** `payment` filter: one payment status, or every order; the default shows paid orders (DECISIONS). */
export type PaymentFilter = PaymentStatus | "all";

/** The price box accepts digits and one dot only (SPEC §5): what the admin types is cleaned as they type. */
export function cleanPriceInput(text: string): string {
  return text.replace(/[^\d.]/g, "");
}

/** Rupees with at most two decimals, as the add and edit forms and the server read them. */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

/** A mail the outbox has failed to send several times (it is still retried); the admin dashboard lists them. */
export interface UndeliveredMail {
  id: string;
  kind: MailKind;
  /** An e-mail (`recipient` an address) or a WhatsApp message (`recipient` a +91 mobile). */
  channel: OutboxChannel;
  recipient: string;
  attempts: number;
  lastError: string | null;
  /** ISO times. */
  createdAt: string;
  nextAttemptAt: string;
}

/** A customer as the admin's customer list shows them, with what they have bought (paid orders, rupees). */
export interface AdminCustomer {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  /** ISO time the account was made. */
  createdAt: string;
  paidOrders: number;
  totalSpent: number;
  /** ISO time of their latest paid order; null if none. */
  lastOrderAt: string | null;
}

export interface AdminCustomerPage {
  data: AdminCustomer[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A review as the admin's moderation list shows it, hidden ones included. */
export interface AdminReview {
  _id: string;
  productId: string;
  productName: string;
  username: string;
  /** The author's account e-mail (null when the account is gone). */
  email: string | null;
  review: string;
  createdAt: string;
  /** ISO time it was taken down, and the admin who did; null while it shows. */
  hiddenAt: string | null;
  hiddenBy: string | null;
}

export interface AdminReviewPage {
  data: AdminReview[];
  nextCursor: string | null;
}

export const ADMIN_LIST_PAGE_SIZE = 30;
