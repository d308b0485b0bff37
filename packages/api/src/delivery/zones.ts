import { preparedQuery, type Db } from "@mithai/db/client";
import { deliveryZones } from "@mithai/db/schema";
import { asc, eq, sql } from "@mithai/db/sql";
import type { DeliveryZoneInput } from "@mithai/schema";
import {
  addShopDays,
  type DeliveryQuote,
  type DeliveryTerms,
  deliveryTermsSentence,
  type DeliveryZone,
  formatRupees,
  paiseToRupees,
  PROCESSING_DAYS,
  shopDay,
  weekdayOf,
} from "@mithai/schema";
import { fieldError, notFound } from "../errors";

type ZoneRow = typeof deliveryZones.$inferSelect;

function toDeliveryZone(row: ZoneRow): DeliveryZone {
  return {
    _id: row.id,
    name: row.name,
    pincodes: row.pincodes,
    charge: paiseToRupees(row.chargePaise),
    freeAbove: row.freeAbovePaise === null ? null : paiseToRupees(row.freeAbovePaise),
    minDays: row.minDays,
    maxDays: row.maxDays,
  };
}

/** How specific a zone's rule is for the pincode (digits matched; a range counts as all six), or 0 when it does not cover it. */
function ruleMatch(rule: string, pincode: string): number {
  const range = /^(\d{6})-(\d{6})$/.exec(rule);
  if (range) return pincode >= range[1]! && pincode <= range[2]! ? 6 : 0;
  return pincode.startsWith(rule) ? rule.length : 0;
}

/** The zone that serves a pincode: the one with the most specific matching rule (the older zone on a tie). */
export function zoneFor<Z extends { pincodes: string[] }>(zones: readonly Z[], pincode: string): Z | undefined {
  let best: { zone: Z; score: number } | undefined;
  for (const zone of zones) {
    const score = Math.max(0, ...zone.pincodes.map((rule) => ruleMatch(rule, pincode)));
    if (score > 0 && (!best || score > best.score)) best = { zone, score };
  }
  return best?.zone;
}

/** What delivery costs for a subtotal: free from the zone's `freeAbove`, otherwise its charge. */
export function deliveryChargePaise(zone: Pick<ZoneRow, "chargePaise" | "freeAbovePaise">, subtotalPaise: number): number {
  return zone.freeAbovePaise !== null && subtotalPaise >= zone.freeAbovePaise ? 0 : zone.chargePaise;
}

const SUNDAY = 0;

/** The shop day `days` delivery days (Monday to Saturday; Sundays are skipped) after `now`'s day. */
export function addDeliveryDays(now: Date, days: number): string {
  let day = shopDay(now);
  for (let left = days; left > 0; ) {
    day = addShopDays(day, 1);
    if (weekdayOf(day) !== SUNDAY) left -= 1;
  }
  // Nothing arrives on a Sunday.
  return weekdayOf(day) === SUNDAY ? addShopDays(day, 1) : day;
}

/** When a box ordered now arrives: the shop's processing days, then the zone's delivery days, Monday to Saturday. */
export function deliveryWindow(zone: Pick<ZoneRow, "minDays" | "maxDays">, now: Date): { etaFrom: string; etaTo: string } {
  return { etaFrom: addDeliveryDays(now, PROCESSING_DAYS.min + zone.minDays), etaTo: addDeliveryDays(now, PROCESSING_DAYS.max + zone.maxDays) };
}

// Read by every checkout and order-page quote.
const zonesInOrder = preparedQuery((db) => db.select().from(deliveryZones).orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id)).prepare("delivery_zones"));

function allZones(db: Db): Promise<ZoneRow[]> {
  return zonesInOrder(db).execute();
}

/** What the zones charge, and the sentence every page that speaks of delivery says (hero, footer, FAQ, shipping, cart). */
export async function deliveryTerms(db: Db): Promise<DeliveryTerms> {
  const zones = (await allZones(db)).map((row) => {
    const { name, charge, freeAbove } = toDeliveryZone(row);
    return { name, charge, freeAbove };
  });
  return { zones, summary: deliveryTermsSentence(zones) };
}

export const NOT_SERVED_MESSAGE = "We do not deliver to this PIN code yet";

/** `GET /api/delivery/quote`: whether the pincode is served, the charge for the subtotal and the delivery window. */
export async function quoteDelivery(db: Db, pincode: string, subtotalPaise: number, now = new Date()): Promise<DeliveryQuote> {
  const zone = zoneFor(await allZones(db), pincode);
  if (!zone) return { success: true, serviceable: false, charge: 0, etaFrom: null, etaTo: null, zone: null, message: NOT_SERVED_MESSAGE };
  const chargePaise = deliveryChargePaise(zone, subtotalPaise);
  const window = deliveryWindow(zone, now);
  return {
    success: true,
    serviceable: true,
    charge: paiseToRupees(chargePaise),
    ...window,
    zone: zone.name,
    message: `${chargePaise === 0 ? "Free delivery" : `Delivery ${formatRupees(paiseToRupees(chargePaise))}`}, arrives ${window.etaFrom} to ${window.etaTo}`,
  };
}

/** What delivery to the address costs an order (its zone named); an unserved pincode is refused, naming the field. */
export async function deliveryForOrder(db: Db, pincode: string, subtotalPaise: number): Promise<{ chargePaise: number; zone: string }> {
  const zone = zoneFor(await allZones(db), pincode);
  if (!zone) throw fieldError("NOT_SERVICEABLE", "address.pincode", NOT_SERVED_MESSAGE, pincode);
  return { chargePaise: deliveryChargePaise(zone, subtotalPaise), zone: zone.name };
}

function columnsOf(input: DeliveryZoneInput) {
  return {
    name: input.name,
    pincodes: input.pincodes,
    chargePaise: input.charge,
    freeAbovePaise: input.freeAbove,
    minDays: input.minDays,
    maxDays: input.maxDays,
  };
}

export async function listDeliveryZones(db: Db): Promise<DeliveryZone[]> {
  return (await allZones(db)).map(toDeliveryZone);
}

export async function createDeliveryZone(db: Db, input: DeliveryZoneInput): Promise<DeliveryZone> {
  const [row] = await db.insert(deliveryZones).values(columnsOf(input)).returning();
  return toDeliveryZone(row!);
}

export async function updateDeliveryZone(db: Db, id: string, input: DeliveryZoneInput): Promise<DeliveryZone> {
  const [row] = await db.update(deliveryZones).set({ ...columnsOf(input), updatedAt: sql`now()` }).where(eq(deliveryZones.id, id)).returning();
  if (!row) throw notFound("Delivery zone not found");
  return toDeliveryZone(row);
}

export async function deleteDeliveryZone(db: Db, id: string): Promise<{ success: true }> {
  const [row] = await db.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning({ id: deliveryZones.id });
  if (!row) throw notFound("Delivery zone not found");
  return { success: true };
}
