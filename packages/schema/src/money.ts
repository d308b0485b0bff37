/** Money is integer paise everywhere inside the system; APIs show rupees as numbers (549.5). */
export const PAISE_PER_RUPEE = 100;
export const MIN_PRICE_PAISE = 1 * PAISE_PER_RUPEE;
export const MAX_PRICE_PAISE = 100_000 * PAISE_PER_RUPEE;
/** The least a refund sends back (₹1): the payment service refunds no less. */
export const MIN_REFUND_PAISE = MIN_PRICE_PAISE;

/**
 * Whether refunding all that is left on an order (`leftPaise`) would send nothing back, once the clawback
 * (`keptBackPaise`, at most what is left) stays with the shop: less than ₹1 would go back. The refund ledger refuses
 * it then, and My Orders offers no cancel; both ask here.
 */
export function clawbackTakesAll(leftPaise: number, keptBackPaise: number): boolean {
  return keptBackPaise > 0 && leftPaise - keptBackPaise < MIN_REFUND_PAISE;
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Rupees as an API shows them (549.5) → the nearest whole paise (54950), without floating-point drift. */
export function nearestPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Rupees with at most two decimals → exact paise; returns null when the value is not such a number. */
export function rupeesToPaise(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = nearestPaise(rupees);
  if (Math.abs(paise - rupees * PAISE_PER_RUPEE) > 1e-6) return null;
  return paise;
}

const formatters = new Map<string, { whole: Intl.NumberFormat; withPaise: Intl.NumberFormat }>();
function rupeeFormatters(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    found = {
      whole: new Intl.NumberFormat(locale, { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
      withPaise: new Intl.NumberFormat(locale, { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    formatters.set(locale, found);
  }
  return found;
}

/**
 * Money as Indian shops write it, the one formatter for every page, mail and message: Indian digit grouping
 * ("₹1,28,000"), whole rupees without decimals, paise always as two digits ("₹580.50", never "₹580.5"); in the
 * `Intl` locale of the reader's language (`LOCALES`, DECISIONS "Languages"), `en-IN` unless told.
 */
export function formatRupees(rupees: number, locale = "en-IN"): string {
  const paise = nearestPaise(rupees);
  const { whole, withPaise } = rupeeFormatters(locale);
  return paise % PAISE_PER_RUPEE === 0 ? whole.format(paise / PAISE_PER_RUPEE) : withPaise.format(paise / PAISE_PER_RUPEE);
}

/** What a cart or order line costs: the unit price per kg times whole kilograms, in paise. */
export function lineTotalPaise(line: { unitPricePaise: number; quantity: number }): number {
  return line.unitPricePaise * line.quantity;
}

/** The sum of the lines' totals, in paise: the one subtotal rule for the cart page and order placement. */
export function subtotalPaise(lines: readonly { unitPricePaise: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotalPaise(line), 0);
}
