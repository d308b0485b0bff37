/**
 * The kitchen's rules shared by server and browser: stock, delivery zones, promo codes (no zod here). Their answers
 * (DeliveryQuote, DeliveryZone, PromoCode, …) are declared once, by their contracts in contracts/kitchen.ts; the one
 * used here is a type-only import, so no zod comes with it.
 */
import type { ZoneTerms } from "./contracts/kitchen";
import { formatRupees } from "./money";

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

const freeOutright = (zone: ZoneTerms) => zone.charge === 0 || zone.freeAbove === 0;

/**
 * The one sentence the hero, footer, FAQ, shipping page and cart say about delivery, from the owner's zones:
 * "Free delivery in Hyderabad over ₹1,500; elsewhere from ₹49.50", "Free delivery on every order",
 * "Delivery ₹60 on every order". A zone with a charge and a threshold is named with its threshold; zones that
 * always charge are "elsewhere" (or "on every order" when no zone is ever free), "from" their lowest charge.
 */
export function deliveryTermsSentence(zones: readonly ZoneTerms[]): string {
  if (zones.length === 0) return "Delivery is charged by PIN code at checkout";
  if (zones.every(freeOutright)) return "Free delivery on every order";
  const free = zones.filter((zone) => freeOutright(zone) || zone.freeAbove !== null);
  const paying = zones.filter((zone) => !freeOutright(zone));
  const always = paying.filter((zone) => zone.freeAbove === null);
  const charges = [...new Set((always.length > 0 ? always : paying).map((zone) => zone.charge))].sort((a, b) => a - b);
  const cost = `${charges.length > 1 ? "from " : ""}${formatRupees(charges[0]!)}`;
  if (free.length === 0) return `Delivery ${cost} on every order`;
  const freeParts = free.map((zone) => (freeOutright(zone) ? `in ${zone.name}` : `in ${zone.name} over ${formatRupees(zone.freeAbove!)}`));
  const rest = always.length > 0 ? `elsewhere ${cost}` : `otherwise ${cost}`;
  return `Free delivery ${joinList(freeParts)}; ${rest}`;
}

function joinList(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
}

export const PROMO_KINDS = ["percent", "flat"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
