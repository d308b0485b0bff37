import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CONSENT_STATUSES, LANGUAGES, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, ROLES } from "@mithai/schema";
import { foodItems } from "./catalog";
import { checkOneOf } from "./one-of";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    phoneNumber: text("phone_number"),
    /** Raised by a password reset or change and by "sign out everywhere": tokens carry the version they were issued under. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** When the customer agreed to the terms of use and privacy policy: at sign-up (null for admins made on the command line). */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /** The promo code applied to the server cart (stored upper-case), kept until the order is paid or the code removed. */
    cartPromoCode: text("cart_promo_code"),
    /**
     * The customer's latest placed order, open (unpaid) when it was placed: placing the next one expires it. Set by
     * place in the statement that locks this row, cleared by its payment; stale otherwise (the expiry is guarded by the
     * order's status, so a stale one changes nothing). No foreign key: orders reference users, not the other way.
     */
    openOrderId: uuid("open_order_id"),
    /** The language the customer reads: their pages and mails (DECISIONS, "Languages"); set at sign-up from the page's language. */
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [checkOneOf("users_role_known", t.role, ROLES), checkOneOf("users_language_known", t.language, LANGUAGES)],
);

/**
 * Sessions ended one by one (`user.logout`): a token carries its session id (`sid`), and a token whose session is
 * listed here is refused. Rows are of use only until the token would have expired anyway (`expires_at`).
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sessionId: uuid("session_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_at_idx").on(t.expiresAt)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    country: text("country").notNull(),
    mobile: text("mobile").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    foodItemId: uuid("food_item_id")
      .notNull()
      .references(() => foodItems.id),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.foodItemId] }),
    check("cart_items_quantity_range", sql`${t.quantity} between ${sql.raw(`${MIN_LINE_QUANTITY} and ${MAX_LINE_QUANTITY}`)}`),
  ],
);

export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    consentStatus: text("consent_status", { enum: CONSENT_STATUSES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [checkOneOf("consents_status_known", t.consentStatus, CONSENT_STATUSES)],
);
