import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PROMO_KINDS } from "@mithai/schema";
import { checkOneOf } from "./one-of";

/**
 * Where the kitchen delivers and for how much: the pincodes a zone covers (prefixes like "500", ranges like
 * "500001-500099"), its charge, the subtotal from which delivery is free, and how many delivery days it takes.
 * A pincode two zones cover goes to the one with the longest matching rule (a range counts as six digits).
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    pincodes: jsonb("pincodes").$type<string[]>().notNull(),
    chargePaise: integer("charge_paise").notNull().default(0),
    /** Delivery is free when the subtotal is at least this much; null: never free (unless the charge is 0). */
    freeAbovePaise: integer("free_above_paise"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("delivery_zones_charge_not_negative", sql`${t.chargePaise} >= 0`),
    check("delivery_zones_days", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

/**
 * A promo code (stored upper-case; customers type it in any case). `value` is a percentage or, for flat codes,
 * paise. A use is an order paid with the code; pending orders hold a use while they wait for payment, so the
 * last use goes to one customer only. A payment arriving after its hold was released is still honoured: such
 * uses beyond `maxUses` show to the admin as an overrun.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    kind: text("kind", { enum: PROMO_KINDS }).notNull(),
    value: integer("value").notNull(),
    minSubtotalPaise: integer("min_subtotal_paise").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    active: boolean("active").notNull().default(true),
    /** Orders paid with the code, counted in the statement that marks each paid. */
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_idx").on(t.code),
    checkOneOf("promo_codes_kind_known", t.kind, PROMO_KINDS),
    check("promo_codes_value", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);
