/** The kitchen's rules shared by server and browser: stock, delivery zones, promo codes (no zod here). */

/** Under this many kilograms left, the storefront says "Only N kg left". */
export const LOW_STOCK_KG = 5;
/** The most an admin can say is in stock of one sweet. */
export const MAX_STOCK_KG = 100_000;

/** Why an order or a cart line cannot have what it asks: the same words in answers, the cart and the order page. */
export function stockShortMessage(name: string, leftKg: number): string {
  return leftKg <= 0 ? `${name} is sold out` : `Only ${leftKg} kg of ${name} left`;
}

/** What the storefront shows under an item's price, if anything. */
export function stockNote(stockKg: number | null): string | null {
  if (stockKg === null) return null;
  if (stockKg <= 0) return "Sold out";
  return stockKg < LOW_STOCK_KG ? `Only ${stockKg} kg left` : null;
}

/** The shop's own processing before a box leaves the kitchen (business days, Monday to Saturday). */
export const PROCESSING_DAYS = { min: 1, max: 2 } as const;

/** `GET /api/delivery/quote`: whether the pincode is served, what delivery costs (rupees), and when it arrives. */
export interface DeliveryQuote {
  success: true;
  serviceable: boolean;
  charge: number;
  /** `YYYY-MM-DD` (Asia/Kolkata); null when the pincode is not served. */
  etaFrom: string | null;
  etaTo: string | null;
  zone: string | null;
  message: string;
}

/** A delivery zone as the admin API shows it (rupees). */
export interface DeliveryZone {
  _id: string;
  name: string;
  pincodes: string[];
  charge: number;
  freeAbove: number | null;
  minDays: number;
  maxDays: number;
}

export const PROMO_KINDS = ["percent", "flat"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** A promo code as the admin API shows it; `value` is percent, or rupees for flat codes. */
export interface PromoCode {
  _id: string;
  code: string;
  kind: PromoKind;
  value: number;
  minSubtotal: number;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
  /** Orders paid with it so far; `overrun`: uses beyond `maxUses` (late payments honoured at the price shown). */
  uses: number;
  overrun: number;
  /** Unpaid orders holding a use. */
  pending: number;
}

/** `POST /api/promo/apply`: the discount the code gives the current cart (rupees), or why none. */
export interface PromoApplyAnswer {
  success: boolean;
  discount: number;
  message: string;
  code?: string;
}
