import { formatRupees, rupeesToPaise } from "./money";

/**
 * What an admin types in a money box, read the same way everywhere in the admin (price, refund, delivery charge,
 * promo amounts): rupees with at most two decimals, written plainly ("1280", "1280.5") or with Indian or Western
 * digit grouping ("1,280", "1,28,000.50", "128,000"), with or without "₹" and spaces. Anything else is refused with
 * a sentence saying what is wrong, never the browser's "Please match the requested format".
 */
export type MoneyInputResult = { ok: true; rupees: number | null } | { ok: false; message: string };

export interface MoneyInputRules {
  /** The field as the form names it: "Price", "Amount". */
  label: string;
  /** Smallest and largest amounts accepted, in rupees. */
  min: number;
  max: number;
  /** Empty means "not given" (answers rupees null) rather than a mistake. */
  optional?: boolean;
}

/** Digits grouped by commas the way Indian (1,28,000) or Western (128,000) writing does. */
const GROUPED = /^\d{1,3}(,\d{2})*,\d{3}$|^\d{1,3}(,\d{3})+$/;

export function parseMoneyInput(text: string, rules: MoneyInputRules): MoneyInputResult {
  const typed = text.replace(/[\s\u00a0]/g, "").replace(/^(₹|rs\.?|inr)/i, "");
  if (typed === "") return rules.optional ? { ok: true, rupees: null } : { ok: false, message: `${rules.label} is required` };
  const match = /^([\d,]+)(?:\.(\d*))?$/.exec(typed);
  if (!match) return { ok: false, message: `${rules.label} must be an amount in rupees, like 1,280 or 1280.50` };
  const [, whole, decimals = ""] = match;
  if (whole!.includes(",") && !GROUPED.test(whole!)) return { ok: false, message: `${rules.label} has its commas in the wrong places: write it like 1,280 or 1,28,000` };
  if (decimals.length > 2) return { ok: false, message: `${rules.label} can have at most 2 digits after the point (paise)` };
  const rupees = Number(`${whole!.replaceAll(",", "")}.${decimals || "0"}`);
  const paise = rupeesToPaise(rupees);
  if (paise === null) return { ok: false, message: `${rules.label} must be an amount in rupees, like 1,280 or 1280.50` };
  if (rupees < rules.min) return { ok: false, message: `${rules.label} must be at least ${formatRupees(rules.min)}` };
  if (rupees > rules.max) return { ok: false, message: `${rules.label} must be at most ${formatRupees(rules.max)}` };
  return { ok: true, rupees: paise / 100 };
}
