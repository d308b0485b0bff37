import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DeliveryAddressInput } from "@mithai/schema/order";
import { users } from "./customer";

/** What the customer bought, frozen at placement: later catalogue edits never change a past order. */
export interface OrderItemSnapshot {
  foodItemId: string;
  name: string;
  quantity: number;
  unitPricePaise: number;
  image: string;
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
    /** pending → paid | failed | expired; never back from paid. */
    paymentStatus: text("payment_status").notNull().default("pending"),
    /** Fulfilment status set by the kitchen once paid ('Order Recieved', ...). */
    status: text("status").notNull().default(""),
    razorpayOrderId: text("razorpay_order_id").unique(),
    paymentId: text("payment_id").unique(),
    discountApplied: boolean("discount_applied").notNull().default(false),
    /** 'YYYY-MM' (Asia/Kolkata) of a discounted order; unique per customer while pending or paid. */
    discountMonth: text("discount_month"),
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
      .where(sql`${t.discountMonth} is not null and ${t.paymentStatus} in ('pending', 'paid')`),
    check("orders_payment_status_known", sql`${t.paymentStatus} in ('pending', 'paid', 'failed', 'expired')`),
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

export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** State of the built-in Razorpay-compatible fake used in sandbox mode (kept in the database so it survives restarts). */
export const sandboxGatewayOrders = pgTable("sandbox_gateway_orders", {
  id: text("id").primaryKey(),
  amountPaise: integer("amount_paise").notNull(),
  currency: text("currency").notNull(),
  receipt: text("receipt"),
  status: text("status").notNull().default("created"),
  notes: jsonb("notes").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxGatewayPayments = pgTable(
  "sandbox_gateway_payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => sandboxGatewayOrders.id),
    amountPaise: integer("amount_paise").notNull(),
    status: text("status").notNull(),
    method: text("method").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_gateway_payments_order_idx").on(t.orderId)],
);
