import { z } from "./z";
import { ADMIN_ORDER_MAX_PAGE_SIZE, ADMIN_ORDER_PAGE_SIZE, PRICE_PATTERN } from "../admin";
import { OBJECT_METHOD_FIELD_MESSAGE, shadowsObjectMethod } from "../json-input";
import { MAIL_KINDS, OUTBOX_CHANNELS } from "../mail";
import { FAQ_ENTRIES_PER_ITEM, GST_RATES } from "../catalog";
import { TRANSLATED_LANGUAGES, type ItemTranslations } from "../languages";
import { MAX_PRICE_PAISE, MIN_PRICE_PAISE, rupeesToPaise } from "../money";
import { ORDER_DATE_RANGE, ORDER_STATUSES, PAYMENT_STATUSES } from "../order";
import { adminFoodItemSchema, categorySchema, slugSchema } from "./catalog";
import { stockKgSchema } from "./kitchen";
import { customerOrderSchema } from "./order";

const PRICE_MESSAGE = "Price must be a number from ₹1 to ₹1,00,000 with at most 2 decimals";

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default("");

/** Rupees as a number or as the text a form sends ("549.5") → integer paise within the shop's price range. */
const pricePaiseSchema = z
  .union([z.number(), z.string().trim().regex(PRICE_PATTERN, PRICE_MESSAGE).transform(Number)], { message: PRICE_MESSAGE })
  .transform((rupees, ctx) => {
    const paise = rupeesToPaise(rupees);
    if (paise === null || paise < MIN_PRICE_PAISE || paise > MAX_PRICE_PAISE) {
      ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return paise;
  });

const GST_RATE_MESSAGE = `gstRate: one of ${GST_RATES.join(", ")} (percent)`;
/** A form's empty field means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const FAQ_MESSAGE = `FAQ must be a list of exactly ${FAQ_ENTRIES_PER_ITEM} question and answer pairs`;

/**
 * Multipart forms send lists and objects as JSON text; tRPC sends them as they are. Text that is not JSON, or JSON with
 * an object no check can read (json-input.ts), is no value at all.
 */
const parsedJson = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value, (_key, item: unknown) => {
      if (shadowsObjectMethod(item)) throw new TypeError(OBJECT_METHOD_FIELD_MESSAGE);
      return item;
    }) as unknown;
  } catch {
    return undefined;
  }
};

const faqListSchema = z
  .array(z.object({ question: requiredText("FAQ question", 500), answer: requiredText("FAQ answer", 2000) }), { message: FAQ_MESSAGE })
  .length(FAQ_ENTRIES_PER_ITEM, FAQ_MESSAGE);

const faqSchema = z.preprocess(parsedJson, faqListSchema);

/** A translated text: as long as its English field may be; empty means "not translated" (English shows). */
const translatedText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

const isBlank = (text: unknown) => text === undefined || text === null || (typeof text === "string" && text.trim() === "");

/** A FAQ with every question and answer left empty is not translated; otherwise it is the English FAQ's shape. */
const translatedFaqSchema = z.preprocess(
  (value) => (Array.isArray(value) && value.every((entry: { question?: unknown; answer?: unknown } | null) => isBlank(entry?.question) && isBlank(entry?.answer)) ? undefined : value),
  faqListSchema.optional(),
);

const itemTranslationSchema = z
  .object({
    name: translatedText("Name", 120),
    description: translatedText("Description", 5000),
    ingredients: translatedText("Ingredients", 5000),
    healthBenefits: translatedText("Benefits", 5000),
    faq: translatedFaqSchema,
  })
  .strict()
  // Only the fields given are kept: a language with none left is no translation.
  .transform((translation) => Object.fromEntries(Object.entries(translation).filter(([, value]) => value !== undefined)));

/**
 * An item's Hindi and Telugu fields (DECISIONS, "Languages"): `{ hi?: { name, description, ingredients,
 * healthBenefits, faq }, te?: {…} }`, every field optional; JSON text in a form.
 */
export const itemTranslationsSchema = z.preprocess(
  parsedJson,
  z
    .object(Object.fromEntries(TRANSLATED_LANGUAGES.map((lang) => [lang, itemTranslationSchema.optional()])) as Record<(typeof TRANSLATED_LANGUAGES)[number], z.ZodOptional<typeof itemTranslationSchema>>, {
      message: "translations must be an object like { hi: { name, description, … }, te: { … } }",
    })
    .strict()
    .transform((translations): ItemTranslations => Object.fromEntries(Object.entries(translations).filter(([, fields]) => fields && Object.keys(fields).length > 0))),
);

/** Every field of the add and edit forms (SPEC §5) except the picture, which travels as a file. */
export const foodItemInputSchema = z.object({
  name: requiredText("Name", 120),
  description: requiredText("Description", 5000),
  price: pricePaiseSchema,
  category: categorySchema,
  ingredients: requiredText("Ingredients", 5000),
  benefits: requiredText("Benefits", 5000),
  faq: faqSchema,
  /** Empty → made from the name. */
  slug: z
    .string()
    .trim()
    .default("")
    .pipe(z.union([z.literal(""), slugSchema])),
  metaTitle: optionalText("Meta title", 200),
  metaDescription: optionalText("Meta description", 500),
  metaKeywords: optionalText("Meta keywords", 500),
  googleTagHead: optionalText("Google tag (head)", 10_000),
  googleTagBody: optionalText("Google tag (body)", 10_000),
  /** For the GST invoice. Left out (or empty): a new item is sweetmeats (HSN 21069099) at 5 %, an edited one keeps its own. */
  hsn: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4,8}$/, "hsn: an HSN code of 4 to 8 digits (sweetmeats: 21069099)")
      .optional(),
  ),
  gstRate: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: GST_RATE_MESSAGE })
      .refine((rate) => (GST_RATES as readonly number[]).includes(rate), GST_RATE_MESSAGE)
      .optional(),
  ),
  /** Kilograms left to sell; empty: not tracked; left out of an edit: unchanged. */
  stockKg: stockKgSchema.optional(),
  /** Hindi and Telugu fields; left out (or empty) of an edit: unchanged; `{}` removes them. */
  translations: z.preprocess(blankToUndefined, itemTranslationsSchema.optional()),
});
export type FoodItemInput = z.output<typeof foodItemInputSchema>;

const shopDateSchema = z.iso
  .date({ message: "Dates must look like 2025-10-20" })
  .refine((day) => day >= ORDER_DATE_RANGE.first && day <= ORDER_DATE_RANGE.last, {
    message: `Dates must lie between ${ORDER_DATE_RANGE.first} and ${ORDER_DATE_RANGE.last}`,
  });

/** Filters of the admin order list and its CSV export. */
export const orderFiltersSchema = z
  .object({
    payment: z.enum([...PAYMENT_STATUSES, "all"], { message: "Unknown payment filter" }).default("paid"),
    status: z.enum(ORDER_STATUSES, { message: "Unknown order status" }).optional(),
    /** Shop-time calendar days, both inclusive. */
    from: shopDateSchema.optional(),
    to: shopDateSchema.optional(),
    /** An order id (or its first characters), a customer e-mail, or a mobile number. */
    q: z.string().trim().max(200, "Search text is too long").optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The start date must not be after the end date", path: ["to"] });
export type OrderFilters = z.output<typeof orderFiltersSchema>;

const LIMIT_MESSAGE = `a whole number from 1 to ${ADMIN_ORDER_MAX_PAGE_SIZE}`;

export const orderPageSchema = z.object({
  cursor: z.string({ message: "pass back the nextCursor of the previous page" }).max(200, "pass back the nextCursor of the previous page").optional(),
  limit: z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(ADMIN_ORDER_MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .default(ADMIN_ORDER_PAGE_SIZE),
});

export const orderListInputSchema = z.intersection(orderFiltersSchema, orderPageSchema);
export type OrderListInput = z.output<typeof orderListInputSchema>;

export const updateOrderStatusSchema = z.object({
  orderId: z.string({ message: "orderId is required" }).max(100),
  status: z.enum(ORDER_STATUSES, { message: `Status must be one of: ${ORDER_STATUSES.join(", ")}` }),
  /** Cancelling a paid order refunds what is left to refund unless this is false. */
  refund: z.boolean({ message: "refund: true or false" }).optional(),
  /** Refund the clawback too (the ₹150 a later discounted order of the month relied on this order for). */
  waiveClawback: z.boolean({ message: "waiveClawback: true or false" }).optional(),
});

/** Order ids are UUIDs; anything else can never match and is answered as not found. */
export const orderIdSchema = z.uuid({ message: "Order id is not valid" });

/** Sends one not-delivered mail again now. */
export const retryMailInputSchema = z.object({ id: z.uuid({ message: "id: the mail's id (a UUID) is required" }) });
export type RetryMailInput = z.infer<typeof retryMailInputSchema>;

const listCursorSchema = z
  .string({ message: "cursor: pass back the nextCursor of the previous page" })
  .max(200, "cursor: pass back the nextCursor of the previous page")
  .optional();

/** The admin's customer list: `q` matches name or e-mail (part of either) or a 10-digit mobile. */
export const customerListInputSchema = z.object({
  q: z.string().trim().max(100, "q: search text must be at most 100 characters").optional(),
  cursor: listCursorSchema,
});
export type CustomerListInput = z.infer<typeof customerListInputSchema>;

/** The admin's review list: all, only the ones showing, or only hidden ones. */
export const reviewListInputSchema = z.object({
  show: z.enum(["all", "visible", "hidden"], { message: "show: one of all, visible, hidden" }).default("all"),
  cursor: listCursorSchema,
});
export type ReviewListInput = z.infer<typeof reviewListInputSchema>;

export const reviewIdInputSchema = z.object({ id: z.uuid({ message: "id: the review's id (a UUID) is required" }) });

const REFUND_AMOUNT_MESSAGE = "amount: rupees, more than 0 with at most 2 decimals (leave it out to refund everything not yet refunded)";

/** An admin refund (DECISIONS "After the sale"): amount in rupees (default: the rest), a reason, an optional idempotency key. */
export const refundOrderInputSchema = z.object({
  orderId: z.uuid({ message: "orderId: the order's id (a UUID) is required" }),
  amount: z
    .union([z.number(), z.string().trim().regex(PRICE_PATTERN, REFUND_AMOUNT_MESSAGE).transform(Number)], { message: REFUND_AMOUNT_MESSAGE })
    .transform((rupees, ctx) => {
      const paise = rupeesToPaise(rupees);
      if (paise === null || paise < 100) {
        ctx.addIssue({ code: "custom", message: REFUND_AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return paise;
    })
    .optional(),
  reason: z
    .string({ message: "reason: say why the money goes back (it is shown to the customer)" })
    .trim()
    .min(3, "reason: say why the money goes back (it is shown to the customer)")
    .max(200, "reason: at most 200 characters"),
  idempotencyKey: z.string().trim().min(1).max(100, "idempotencyKey: at most 100 characters").optional(),
  /** Put the order's sweets back in stock (the kitchen still has them); only once per order. */
  restock: z.boolean({ message: "restock: true or false" }).optional(),
  /** Refund the clawback too (the ₹150 a later discounted order of the month relied on this order for). */
  waiveClawback: z.boolean({ message: "waiveClawback: true or false" }).optional(),
});
export type RefundOrderInput = z.output<typeof refundOrderInputSchema>;

export const refundIdInputSchema = z.object({ id: z.uuid({ message: "id: the refund's id (a UUID) is required" }) });

/** A form's entries as an object (a repeated name keeps its last value). */
function formEntries(form: FormData): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) entries[name] = value;
  return entries;
}

const IMAGE_FILE_MESSAGE = "image: a picture file (JPEG, PNG, WebP or AVIF), sent as a file of the form";
/** The picture as a file of the form; an empty file input counts as no picture (as in the REST form). */
const imageFileSchema = z.preprocess(
  (value) => (value instanceof Blob && value.size === 0 ? undefined : value),
  z.instanceof(Blob, { message: IMAGE_FILE_MESSAGE }).optional(),
);

const FORM_MESSAGE = "Send the item as multipart/form-data (a FormData with the item's fields and its image file)";
const formDataSchema = z.custom<FormData>((value) => value instanceof FormData, { message: FORM_MESSAGE }).transform(formEntries);

/**
 * tRPC `admin.addFood`: a FormData with every field of foodItemInputSchema (`faq` as JSON text) and the `image` file,
 * the same form `POST /api/food/add` reads.
 */
export const addFoodFormSchema = formDataSchema.pipe(foodItemInputSchema.extend({ image: imageFileSchema }));
export type AddFoodForm = z.output<typeof addFoodFormSchema>;

/** tRPC `admin.editFood`: the same form plus the item's `id`; without `image` the picture stays. */
export const editFoodFormSchema = formDataSchema.pipe(
  foodItemInputSchema.extend({ id: z.string({ message: "id: the item's id is required" }).max(100, "id: the item's id is required"), image: imageFileSchema }),
);
export type EditFoodForm = z.output<typeof editFoodFormSchema>;

/**
 * tRPC `admin.checkFood`: the add or edit form (with `id` to check an edit) checked by the same contract and answered
 * without a change: what a tool's dry run asks before it writes anything.
 */
/** `admin.checkFood`: the form would be accepted. */
export const checkFoodAnswerSchema = z.object({ valid: z.literal(true) });

export const checkFoodFormSchema = formDataSchema.pipe(
  foodItemInputSchema.extend({ id: z.string({ message: "id: the item's id" }).max(100, "id: the item's id").optional(), image: imageFileSchema }),
);

/** tRPC `admin.ordersCsv`: the list's filters and a page of the export (`cursor` from the previous page). */
export const ordersCsvInputSchema = z.intersection(
  orderFiltersSchema,
  z.object({ cursor: z.string({ message: "cursor: pass back the nextCursor of the previous page" }).max(200, "cursor: pass back the nextCursor of the previous page").optional() }),
);
export type OrdersCsvInput = z.output<typeof ordersCsvInputSchema>;

export const removeFoodInputSchema = z.object({ id: z.string({ message: "id: the item's id is required" }).max(100, "id: the item's id is required") });

/**
 * What procedures answer, as `.output()` contracts: the typed client's types are these, and a service that answers
 * anything else fails loudly (a 500 in the tests) instead of sending it. Money is rupees as numbers, as everywhere.
 */

const rupees = z.number();
const isoTime = z.string();

/** An order as the admin list shows it: the customer's view (SPEC §3) plus the account and the payment state. */
export const adminOrderSchema = customerOrderSchema.extend({
  discountApplied: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = z.object({
  data: z.array(adminOrderSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Orders matching the filters, across all pages (counting stops at 10,000). */
  total: z.number(),
  /** True when more than `total` orders match. */
  totalCapped: z.boolean(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One page of the orders export: CSV text (the first page starts with the byte-order mark and the header line). */
export const ordersCsvPageSchema = z.object({ csv: z.string(), nextCursor: z.string().nullable() });
export type OrdersCsvPage = z.infer<typeof ordersCsvPageSchema>;

/** Paid orders placed today (shop time) that were not cancelled. */
export const todaySalesSchema = z.object({ date: z.string(), orders: z.number(), revenue: rupees });
export type TodaySales = z.infer<typeof todaySalesSchema>;

/** A customer as the admin's customer list shows them, with what they have bought (paid orders, rupees). */
const adminCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** ISO time the account was made. */
  createdAt: isoTime,
  paidOrders: z.number(),
  totalSpent: rupees,
  /** ISO time of their latest paid order; null if none. */
  lastOrderAt: isoTime.nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerPageSchema = z.object({
  data: z.array(adminCustomerSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>;

/** A review as the admin's moderation list shows it, hidden ones included. */
const adminReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  username: z.string(),
  /** The author's account e-mail (null when the account is gone). */
  email: z.string().nullable(),
  review: z.string(),
  createdAt: isoTime,
  /** ISO time it was taken down, and the admin who did; null while it shows. */
  hiddenAt: isoTime.nullable(),
  hiddenBy: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  data: z.array(adminReviewSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

/** A mail the outbox has failed to send several times (it is still retried); the admin dashboard lists them. */
const undeliveredMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** An e-mail (`recipient` an address) or a WhatsApp message (`recipient` a +91 mobile). */
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** ISO times. */
  createdAt: isoTime,
  nextAttemptAt: isoTime,
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

export const undeliveredMailListSchema = z.array(undeliveredMailSchema);

/** REST answers (SPEC §7). `POST /api/food/add` and `PUT /api/food/edit/{id}`: the item as saved. */
/** `POST /api/food/add`, `PUT /api/food/edit/{id}`: the item as the admin sees it, with its translations. */
export const foodItemSavedAnswerSchema = z.object({ success: z.literal(true), message: z.string(), data: adminFoodItemSchema });
/** `GET /api/order/list`: one page of orders, newest first. */
export const adminOrderListAnswerSchema = adminOrderPageSchema.extend({ success: z.literal(true) });
/** `GET /api/admin/today-sales`. */
export const todaySalesAnswerSchema = z.object({ success: z.literal(true), data: todaySalesSchema });
