import { z } from "./z";
import { MAX_STOCK_KG, PROMO_KINDS } from "../kitchen";
import { rupeesToPaise } from "../money";
import { pincodeSchema } from "./account";

/**
 * Messages an owner reads beside a form field are sentences with the field's name in words ("Max days must be at least
 * min days"), never a code name; API answers name the field first anyway ("maxDays: Max days must …", see z.ts).
 */
const STOCK_MESSAGE = `Stock must be whole kilograms from 0 to ${MAX_STOCK_KG}, or empty when it is not tracked`;

/** What each money field is called in the admin's forms. */
const FIELD_WORDS: Record<string, string> = {
  charge: "The delivery charge",
  freeAbove: "Free delivery from",
  subtotal: "The subtotal",
  minSubtotal: "The minimum subtotal",
  minDays: "Min days",
  maxDays: "Max days",
  validFrom: "Valid from",
  validTo: "Valid to",
  maxUses: "Max uses",
  maxUsesPerCustomer: "Max uses per customer",
};
const words = (field: string) => FIELD_WORDS[field] ?? field;

/** A form's empty field means "not given". */
const blank = (value: unknown) => typeof value === "string" && value.trim() === "";

/**
 * Kilograms left to sell: a whole number, or null (a form's empty field) when the item is not tracked. Left out of an
 * edit, the item keeps what it has.
 */
export const stockKgSchema = z.preprocess(
  (value) => (blank(value) ? null : typeof value === "string" ? Number(value.trim()) : value),
  z.number({ message: STOCK_MESSAGE }).int(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(MAX_STOCK_KG, STOCK_MESSAGE).nullable(),
);

/** The admin list's quick edit of one item's stock. */
export const setStockInputSchema = z.object({
  id: z.uuid({ message: "id: the item's id (a UUID) is required" }),
  stockKg: stockKgSchema,
});

/** Rupees (a number, or the text a form sends) → paise, from `min` rupees. */
const rupeesSchema = (field: string, min: number) => {
  const message = `${words(field)} must be rupees from ₹${min} to ₹1,00,000 with at most 2 decimals`;
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z.number({ message }).transform((rupees, ctx) => {
      const paise = rupeesToPaise(rupees);
      if (paise === null || paise < min * 100 || paise > 100_000 * 100) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return paise;
    }),
  );
};

/** Optional rupees: left out, null or empty → null. */
const optionalRupeesSchema = (field: string, min: number) =>
  z.preprocess((value) => (value === undefined || blank(value) ? null : value), rupeesSchema(field, min).nullable());

const RULE_WORDS = "a prefix of 1 to 6 digits (500) or a range of two 6-digit PIN codes (500001-500099)";
const PINCODE_RULE_MESSAGE = `PIN codes must be a list of rules, each ${RULE_WORDS}`;
const pincodeRuleSchema = z
  .string({ message: RULE_WORDS })
  .trim()
  .refine((rule) => {
    if (/^[0-9]{1,6}$/.test(rule)) return true;
    const range = /^([1-9][0-9]{5})-([1-9][0-9]{5})$/.exec(rule);
    return range !== null && range[1]! <= range[2]!;
  }, RULE_WORDS);

const daysSchema = (field: string) =>
  z.coerce
    .number({ message: `${words(field)} must be whole days from 0 to 60` })
    .int(`${words(field)} must be whole days from 0 to 60`)
    .min(0, `${words(field)} must be whole days from 0 to 60`)
    .max(60, `${words(field)} must be whole days from 0 to 60`);

/** A delivery zone as the admin writes it; `pincodes` as a list, or as text with commas, spaces or lines between. */
export const deliveryZoneInputSchema = z
  .object({
    name: z.string({ message: "The zone's name is required" }).trim().min(1, "The zone's name is required").max(80, "The zone's name must be at most 80 characters"),
    pincodes: z.preprocess(
      (value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : value),
      z.array(pincodeRuleSchema, { message: PINCODE_RULE_MESSAGE }).min(1, PINCODE_RULE_MESSAGE).max(500, "A zone takes at most 500 PIN code rules"),
    ),
    charge: z.preprocess((value) => (value === undefined || blank(value) ? 0 : value), rupeesSchema("charge", 0)),
    freeAbove: optionalRupeesSchema("freeAbove", 0),
    minDays: daysSchema("minDays"),
    maxDays: daysSchema("maxDays"),
  })
  .refine((zone) => zone.maxDays >= zone.minDays, { message: "Max days must be at least min days", path: ["maxDays"] });
export type DeliveryZoneInput = z.output<typeof deliveryZoneInputSchema>;

export const kitchenIdInputSchema = z.object({ id: z.uuid({ message: "id: a valid id (a UUID) is required" }) });

export const updateDeliveryZoneInputSchema = z.object({ id: kitchenIdInputSchema.shape.id, zone: deliveryZoneInputSchema });

/** `GET /api/delivery/quote?pincode=&subtotal=` (subtotal in rupees; left out: 0). */
export const deliveryQuoteInputSchema = z.object({
  pincode: pincodeSchema,
  subtotal: z.preprocess((value) => (value === undefined || blank(value) ? 0 : value), rupeesSchema("subtotal", 0)),
});

const PROMO_CODE_MESSAGE = "A promo code must be 3 to 30 letters, digits, - or _";
/** Codes are case-insensitive: stored and compared upper-case. */
export const promoCodeTextSchema = z
  .string({ message: PROMO_CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,30}$/, PROMO_CODE_MESSAGE)
  .transform((code) => code.toUpperCase());

const whenSchema = (field: string) =>
  z.preprocess(
    (value) => (value === undefined || blank(value) ? null : value),
    z
      .union([z.iso.datetime({ offset: true }), z.iso.date()], { message: `${words(field)} must be a date like 2026-11-01 or a time like 2026-11-01T10:00:00+05:30` })
      .nullable(),
  );

const usesSchema = (field: string) =>
  z.preprocess(
    (value) => (value === undefined || blank(value) ? null : typeof value === "string" ? Number(value) : value),
    z
      .number({ message: `${words(field)} must be a whole number from 1, or empty for no limit` })
      .int(`${words(field)} must be a whole number from 1, or empty for no limit`)
      .min(1, `${words(field)} must be a whole number from 1, or empty for no limit`)
      .max(1_000_000, `${words(field)} must be at most 1000000`)
      .nullable(),
  );

/** A promo code as the admin writes it: percent (1–100) or flat rupees off, from `validFrom` to `validTo` (days in shop time). */
export const promoInputSchema = z
  .object({
    code: promoCodeTextSchema,
    kind: z.enum(PROMO_KINDS, { message: "The kind must be percent or flat" }),
    value: z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value), z.number({ message: "The value must be a percentage from 1 to 100, or rupees off" }).positive("The value must be more than 0")),
    minSubtotal: z.preprocess((value) => (value === undefined || blank(value) ? 0 : value), rupeesSchema("minSubtotal", 0)),
    validFrom: whenSchema("validFrom"),
    validTo: whenSchema("validTo"),
    maxUses: usesSchema("maxUses"),
    maxUsesPerCustomer: usesSchema("maxUsesPerCustomer"),
    active: z.preprocess((value) => (value === undefined ? true : value === "true" ? true : value === "false" ? false : value), z.boolean({ message: "Active must be true or false" })),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === "percent" && (!Number.isInteger(promo.value) || promo.value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percent code takes a whole percentage from 1 to 100" });
    }
    if (promo.kind === "flat" && (rupeesToPaise(promo.value) === null || promo.value > 100_000)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "A flat code takes rupees off, up to ₹1,00,000 with at most 2 decimals" });
    }
    if (promo.validFrom && promo.validTo && promo.validTo.slice(0, 10) < promo.validFrom.slice(0, 10)) {
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "Valid to must not be before valid from" });
    }
  });
export type PromoInput = z.output<typeof promoInputSchema>;

export const updatePromoInputSchema = z.object({ id: kitchenIdInputSchema.shape.id, promo: promoInputSchema });

/** `POST /api/promo/apply { code }`: what the code takes off the customer's cart now. */
export const promoApplyInputSchema = z.object({ code: z.string({ message: "code: type a promo code" }).trim().min(1, "code: type a promo code").max(30, "code: no promo code is that long") });

/**
 * What procedures answer, as `.output()` contracts: the typed client's types are these, and a service that answers
 * anything else fails loudly (a 500 in the tests) instead of sending it. Money is rupees as numbers, as everywhere.
 */

const rupees = z.number();
const isoTime = z.string();

/** `delivery.quote`, `GET /api/delivery/quote`: whether the pincode is served, what delivery costs (rupees), and when it arrives. */
export const deliveryQuoteSchema = z.object({
  success: z.literal(true),
  serviceable: z.boolean(),
  charge: rupees,
  /** `YYYY-MM-DD` (Asia/Kolkata); null when the pincode is not served. */
  etaFrom: z.string().nullable(),
  etaTo: z.string().nullable(),
  zone: z.string().nullable(),
  message: z.string(),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

/** What a zone charges, as every page that speaks of delivery tells it (rupees). */
const zoneTermsSchema = z.object({ name: z.string(), charge: rupees, freeAbove: rupees.nullable() });
export type ZoneTerms = z.infer<typeof zoneTermsSchema>;

/** `GET /api/delivery/terms` / tRPC `delivery.terms`: the zones' charges and the one sentence every page says. */
export const deliveryTermsSchema = z.object({
  zones: z.array(zoneTermsSchema),
  summary: z.string(),
});
export type DeliveryTerms = z.infer<typeof deliveryTermsSchema>;

/** `admin.setStock`: the kilograms now left (null: not tracked). */
export const stockAnswerSchema = z.object({ success: z.literal(true), stockKg: z.number().int().nullable() });

/** Answer of a delete: the row is gone. */
export const deletedSchema = z.object({ success: z.literal(true) });

/** A delivery zone as the admin API shows it (rupees). */
export const deliveryZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pincodes: z.array(z.string()),
  charge: rupees,
  freeAbove: rupees.nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

/** A promo code as the admin API shows it; `value` is percent, or rupees for flat codes. */
export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  minSubtotal: rupees,
  validFrom: isoTime.nullable(),
  validTo: isoTime.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders paid with it so far; `overrun`: uses beyond `maxUses` (late payments honoured at the price shown). */
  uses: z.number().int(),
  overrun: z.number().int(),
  /** Unpaid orders holding a use. */
  pending: z.number().int(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** `promo.apply`, `POST /api/promo/apply`: the discount the code gives the current cart (rupees), or why none. */
export const promoApplyAnswerSchema = z.object({
  success: z.boolean(),
  discount: rupees,
  message: z.string(),
  code: z.string().optional(),
});
export type PromoApplyAnswer = z.infer<typeof promoApplyAnswerSchema>;

/** REST answers (DECISIONS "The kitchen's rules"). `GET /api/delivery/terms`. */
export const deliveryTermsAnswerSchema = deliveryTermsSchema.extend({ success: z.literal(true) });
/** `DELETE /api/promo`: the cart keeps no promo code. */
export const promoRemovedAnswerSchema = z.object({ success: z.literal(true), promoCode: z.null(), message: z.string() });
export const deliveryZoneListAnswerSchema = z.object({ success: z.literal(true), data: z.array(deliveryZoneSchema) });
export const deliveryZoneAnswerSchema = z.object({ success: z.literal(true), data: deliveryZoneSchema });
export const promoListAnswerSchema = z.object({ success: z.literal(true), data: z.array(promoCodeSchema) });
export const promoAnswerSchema = z.object({ success: z.literal(true), data: promoCodeSchema });
