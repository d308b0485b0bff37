import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

export const sandboxGatewayRefunds = pgTable(
  "sandbox_gateway_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => sandboxGatewayPayments.id),
    amountPaise: integer("amount_paise").notNull(),
    status: text("status").notNull(),
    notes: jsonb("notes").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_gateway_refunds_payment_idx").on(t.paymentId)],
);

/**
 * The WhatsApp messages of sandbox mode (no WHATSAPP_TOKEN, never in production): what the Cloud API would have been
 * asked to send, shown at /sandbox/whatsapp. One per outbox row, however often its send was attempted.
 */
export const sandboxWhatsappMessages = pgTable(
  "sandbox_whatsapp_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outboxId: uuid("outbox_id").notNull().unique(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    text: text("text").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_whatsapp_messages_at_idx").on(t.at)],
);
