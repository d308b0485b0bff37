import fc from "fast-check";
import { ORDER_STATUSES, type OrderStatus } from "@mithai/schema";

/**
 * What customers, the admin, the payment provider and time do to the shop, as data: a sequence of these is one test
 * case. Orders, payments and refunds are named by their position among those made so far (modulo how many there
 * are), so a shrunk sequence still names real ones.
 */

export const CUSTOMERS = 3;
/** Items 0 and 1 have their stock tracked; 2 and 3 do not. */
export const ITEMS = 4;
export const PROMOS = ["HALF", "FLAT"] as const;
export type PromoName = (typeof PROMOS)[number];

export type PromoChange = "deactivate" | "activate" | "expire" | "extend" | "raiseValue";

export type ShopEvent =
  | { kind: "place"; customer: number; lines: { item: number; kg: number }[]; promo: PromoName | null }
  /** The customer pays (or fails to pay) an order in the provider's window; `deliver` says which reports reach the shop now. */
  | { kind: "pay"; order: number; succeed: boolean; deliver: "verify" | "webhook" | "both" | "none" }
  /** The browser's verify call for an earlier payment (again, or late). */
  | { kind: "verify"; payment: number }
  /** The provider's webhook for an earlier payment (again, or late). */
  | { kind: "webhook"; payment: number }
  | { kind: "abandon"; order: number }
  | { kind: "clock"; minutes: number }
  | { kind: "reconcile" }
  | { kind: "cancel"; order: number }
  | { kind: "refund"; order: number; full: boolean }
  /** The bank settles a refund in flight: processed (or failed), announced by the provider's webhook. */
  | { kind: "settleRefund"; refund: number; fail: boolean }
  | { kind: "status"; order: number; status: OrderStatus }
  | { kind: "price"; item: number; percent: number }
  | { kind: "remove"; item: number }
  | { kind: "stock"; item: number; kg: number }
  | { kind: "promo"; promo: PromoName; change: PromoChange }
  /** Two events at once (PostgreSQL only). */
  | { kind: "pair"; a: ShopEvent; b: ShopEvent };

/** Which order (payment, refund): 0 is the latest, 1 the one before, ... (recent ones are where stories continue). */
const pick = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.nat({ max: 3 }), weight: 1 });

const place = fc.record({
  kind: fc.constant("place" as const),
  // Mostly the first customer, so one customer's story gets long enough for the month's discount and promo limits.
  customer: fc.constantFrom(0, 0, 0, 1, 1, 2),
  lines: fc.uniqueArray(fc.record({ item: fc.nat({ max: ITEMS - 1 }), kg: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2, selector: (line) => line.item }),
  promo: fc.constantFrom(null, "HALF" as const, "HALF" as const, "FLAT" as const),
});

/** Events that may run at the same moment as another (not the admin's stock count, which the test must read and set alone). */
const concurrentEvents: fc.Arbitrary<ShopEvent>[] = [];

const weighted = (arbitrary: fc.Arbitrary<ShopEvent>, weight: number) => ({ arbitrary, weight });

const steps = [
  weighted(place, 6),
  weighted(fc.record({ kind: fc.constant("pay" as const), order: pick, succeed: fc.constantFrom(true, true, true, false), deliver: fc.constantFrom("verify" as const, "webhook" as const, "both" as const, "none" as const) }), 6),
  weighted(fc.record({ kind: fc.constant("verify" as const), payment: pick }), 2),
  weighted(fc.record({ kind: fc.constant("webhook" as const), payment: pick }), 2),
  weighted(fc.record({ kind: fc.constant("abandon" as const), order: pick }), 4),
  weighted(fc.record({ kind: fc.constant("reconcile" as const) }), 2),
  weighted(fc.record({ kind: fc.constant("cancel" as const), order: pick }), 3),
  weighted(fc.record({ kind: fc.constant("refund" as const), order: pick, full: fc.boolean() }), 2),
  weighted(fc.record({ kind: fc.constant("settleRefund" as const), refund: pick, fail: fc.constantFrom(false, false, false, true) }), 2),
  weighted(fc.record({ kind: fc.constant("status" as const), order: pick, status: fc.constantFrom(...ORDER_STATUSES, "Cancelled" as const, "Delivered" as const) }), 3),
  weighted(fc.record({ kind: fc.constant("price" as const), item: fc.nat({ max: ITEMS - 1 }), percent: fc.constantFrom(50, 150, 300) }), 1),
  weighted(fc.record({ kind: fc.constant("remove" as const), item: fc.nat({ max: ITEMS - 1 }) }), 1),
  weighted(
    fc.record({ kind: fc.constant("promo" as const), promo: fc.constantFrom(...PROMOS), change: fc.constantFrom<PromoChange>("deactivate", "activate", "expire", "extend", "raiseValue") }),
    1,
  ),
];
for (const step of steps) concurrentEvents.push(step.arbitrary);

const alone = [
  weighted(fc.record({ kind: fc.constant("clock" as const), minutes: fc.constantFrom(1, 3, 6, 10, 16, 31, 45) }), 3),
  weighted(fc.record({ kind: fc.constant("stock" as const), item: fc.nat({ max: 1 }), kg: fc.nat({ max: 8 }) }), 1),
];

/** One event; with `concurrent`, sometimes two at once. */
export function shopEvent({ concurrent }: { concurrent: boolean }): fc.Arbitrary<ShopEvent> {
  const any = [...steps, ...alone];
  if (concurrent) {
    const one = fc.oneof(...concurrentEvents);
    any.push(weighted(fc.record({ kind: fc.constant("pair" as const), a: one, b: one }), 6));
  }
  return fc.oneof(...any);
}

/** A sequence of events: one test case. */
export function shopSequence({ concurrent, maxLength = 14 }: { concurrent: boolean; maxLength?: number }): fc.Arbitrary<ShopEvent[]> {
  // Every story starts with an order; lengths spread evenly up to the maximum (fast-check's default favours short ones).
  return fc
    .tuple(place as fc.Arbitrary<ShopEvent>, fc.array(shopEvent({ concurrent }), { minLength: 1, maxLength: maxLength - 1, size: "max" }))
    .map(([first, rest]) => [first, ...rest]);
}

/** One line per event, for a failure's report. */
export function describeEvent(event: ShopEvent): string {
  switch (event.kind) {
    case "place":
      return `place c${event.customer} ${event.lines.map((l) => `${l.kg}kg i${l.item}`).join(" + ")}${event.promo ? ` promo ${event.promo}` : ""}`;
    case "pay":
      return `pay order[${event.order}] ${event.succeed ? "ok" : "declined"} deliver ${event.deliver}`;
    case "pair":
      return `together { ${describeEvent(event.a)} | ${describeEvent(event.b)} }`;
    default: {
      const { kind, ...rest } = event;
      return `${kind} ${Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`).join(" ")}`.trim();
    }
  }
}
