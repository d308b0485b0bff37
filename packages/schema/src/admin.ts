/**
 * Admin panel rules shared by server and browser (no zod here). The admin's answers (AdminOrderPage, TodaySales, …) are
 * declared once, by their contracts in contracts/admin.ts.
 */
import type { PaymentStatus } from "./order";

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

export const ADMIN_LIST_PAGE_SIZE = 30;
