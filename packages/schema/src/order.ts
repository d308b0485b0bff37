/** Order facts shared by server and browser (no zod here). */

/** Fulfilment statuses the kitchen sets on a paid order, in the spec's spelling ('Recieved' is the stored value). */
export const ORDER_STATUSES = ["Order Recieved", "Food Processing", "Out for delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** pending → paid | failed | expired; never back from paid. */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Calendar days, "today" and order dates follow the shop's clock. */
export const SHOP_TIME_ZONE = "Asia/Kolkata";
