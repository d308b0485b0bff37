import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { type DeliveryAddressInput, ORDER_STATUSES, PAYMENT_STATUS_SETS, PAYMENT_STATUSES, REFUND_STATUSES, STORED_ORDER_STATUSES } from "@mithai/schema";
import { checkOneOf, isOneOf } from "./one-of";
import { users } from "./customer";
import { promoCodes } from "./kitchen";

/** Orders that hold their month's discount slot, and orders that were never paid. */
const HOLDS_DISCOUNT = PAYMENT_STATUS_SETS.holding;
const UNPAID = PAYMENT_STATUS_SETS.unpaid;

/** What the customer bought, frozen at placement: later catalogue edits never change a past order. */
export interface OrderItemSnapshot {
  foodItemId: string;
  name: string;
  quantity: number;
  unitPricePaise: number;
  image: string;
  /** The item's HSN code and GST rate (percent) when ordered; orders placed before these existed have neither. */
  hsn?: string;
  gstRate?: number;
  /** True when placing the order took this line's quantity off the item's stock (the item's stock was tracked). */
  reserved?: boolean;
}

/** Where an order goes, as the customer entered it at checkout. */
export type DeliveryAddress = DeliveryAddressInput;

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    items: jsonb("items").$type<OrderItemSnapshot[]>().notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    amountPaise: integer("amount_paise").notNull(),
    address: jsonb("address").$type<DeliveryAddress>().notNull(),
    /** The mobile (+91 and 10 digits) the customer asked to get this order's updates on by WhatsApp; null = mail only. */
    notifyWhatsappTo: text("notify_whatsapp_to"),
    /** pending → paid | failed | expired; a late payment that cannot be honoured → refunded; never back from paid. */
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** Fulfilment status set by the kitchen once paid ('Order Recieved', ...); empty before. */
    status: text("status", { enum: STORED_ORDER_STATUSES }).notNull().default(""),
    razorpayOrderId: text("razorpay_order_id").unique(),
    paymentId: text("payment_id").unique(),
    discountApplied: boolean("discount_applied").notNull().default(false),
    /** 'YYYY-MM' (Asia/Kolkata) of a discounted order; unique per customer while pending or paid. */
    discountMonth: text("discount_month"),
    /**
     * Whether the order holds its reserved stock (lines with `reserved`): true from placement through payment (then
     * the stock is sold); false once a failure, abandonment or expiry — or a refund that put the sweets back — gave
     * it back. A late payment must take the stock again before the order can be paid.
     */
    stockHeld: boolean("stock_held").notNull().default(true),
    /** What delivery cost (part of the amount) and the zone that set it, when placed. */
    deliveryChargePaise: integer("delivery_charge_paise").notNull().default(0),
    deliveryZone: text("delivery_zone"),
    /** The promo code whose discount the order carries (the larger of it and the month's ₹150; they never stack). */
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    promoCode: text("promo_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    // The admin order list: newest first per payment status (optionally per fulfilment status), keyset on (createdAt, id).
    // It also serves the reconciler's scan of pending orders by age.
    index("orders_admin_list_idx").on(t.paymentStatus, t.createdAt, t.id),
    index("orders_admin_status_list_idx").on(t.paymentStatus, t.status, t.createdAt, t.id),
    // Admin search by the e-mail and the last 10 digits of the mobile the order was delivered to.
    index("orders_address_email_idx").on(sql`lower(${t.address} ->> 'email')`),
    index("orders_address_mobile_idx").on(sql`right(regexp_replace(${t.address} ->> 'mobile', '\\D', '', 'g'), 10)`),
    uniqueIndex("orders_one_discount_per_month")
      .on(t.userId, t.discountMonth)
      .where(sql`${t.discountMonth} is not null and ${isOneOf(t.paymentStatus, HOLDS_DISCOUNT)}`),
    checkOneOf("orders_payment_status_known", t.paymentStatus, PAYMENT_STATUSES),
    checkOneOf("orders_status_known", t.status, STORED_ORDER_STATUSES),
    // The reconciler's sweep for unpaid orders still holding stock (normally none: the release is part of failing).
    index("orders_unpaid_stock_held_idx").on(t.id).where(sql`${t.stockHeld} and ${isOneOf(t.paymentStatus, UNPAID)}`),
    index("orders_promo_code_idx").on(t.promoCodeId, t.paymentStatus).where(sql`${t.promoCodeId} is not null`),
    check("orders_amount_positive", sql`${t.amountPaise} >= 100`),
  ],
);

export const payments = pgTable("payments", {
  /** The provider's payment id (pay_...): one row per payment, so a payment can finalize only once. */
  id: text("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id),
  amountPaise: integer("amount_paise").notNull(),
  status: text("status").notNull(),
  method: text("method"),
  source: text("source").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every fulfilment status an order has had: the payment's "Order Recieved" (by nobody: the payment did it), the
 * kitchen's changes (by the admin) and a customer's cancellation (by the customer). The order's timeline.
 */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.at), checkOneOf("order_status_changes_status_known", t.status, ORDER_STATUSES)],
);

/** The last number given in each document series (invoices, credit notes) per financial year. */
export const documentSeries = pgTable(
  "document_series",
  {
    series: text("series").notNull(),
    /** "26-27": April 2026 to March 2027 (Asia/Kolkata). */
    financialYear: text("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * A paid order's tax invoice number, given in the statement that marks the order paid: consecutive within the
 * financial year, without gaps (the series row is locked until that statement commits, and rolled back with it).
 */
export const invoices = pgTable("invoices", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  number: text("number").notNull().unique(),
  financialYear: text("financial_year").notNull(),
  serial: integer("serial").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
});

/** A processed refund's credit note number (its own series, `{prefix}C/{yy-yy}/{serial}`), given as it is processed. */
export const creditNotes = pgTable("credit_notes", {
  refundId: uuid("refund_id")
    .primaryKey()
    .references(() => refunds.id),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id),
  number: text("number").notNull().unique(),
  financialYear: text("financial_year").notNull(),
  serial: integer("serial").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
});


/**
 * Money given back on a paid order, in full or in part. Created pending (with the sum of an order's refunds that are
 * not failed never above what was paid: the order row is locked while it is checked), sent to the provider, and
 * settled — processed or failed — by the provider's webhook or the reconciler through one idempotent function.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The provider's payment the money goes back to (pay_...). */
    paymentId: text("payment_id").notNull(),
    /** The provider's refund (rfnd_...); null until the provider has taken the request. */
    providerRefundId: text("provider_refund_id").unique(),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    /** The reason code of a refund the shop made on its own (a late payment it could not honour: `PRICE_CHANGED`, …). */
    reasonCode: text("reason_code"),
    /**
     * Paise kept back from what was left to refund: the ₹150 a later discounted order of the same month relied on
     * this one for (the clawback, DECISIONS "The order's life"); 0 when none or when an admin waived it.
     */
    clawbackPaise: integer("clawback_paise").notNull().default(0),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    /** Why the provider (or the call to it) failed; shown to the admin, who can retry. */
    failureReason: text("failure_reason"),
    /** A caller's key: the same key on the same order refunds once. */
    idempotencyKey: text("idempotency_key"),
    /** The account that asked (the customer cancelling, an admin); null for the shop's own automatic refunds. */
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_pending_idx").on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("refunds_idempotency_key").on(t.orderId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    checkOneOf("refunds_status_known", t.status, REFUND_STATUSES),
    check("refunds_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);

export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
