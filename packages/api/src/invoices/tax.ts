import { lineTotalPaise } from "@mithai/schema";
/**
 * GST on an invoice, to the paisa. Catalogue prices include GST (as Indian retail prices do), so each line's value is
 * split into its taxable value and the tax in it; the order's discount is spread over the lines in proportion to their
 * value first (the largest remainders get the odd paise), so the lines still add up to exactly what was paid.
 */

export interface TaxableItem {
  name: string;
  hsn: string;
  /** Percent, e.g. 5. */
  gstRate: number;
  quantity: number;
  unitPricePaise: number;
  /** False for delivery: the order's discount is taken off the sweets only. */
  discountable?: boolean;
}

export interface InvoiceLine extends TaxableItem {
  /** Price × quantity, GST included. */
  grossPaise: number;
  /** This line's share of the order's discount. */
  discountPaise: number;
  /** What the customer paid for the line: gross − discount, GST included. */
  valuePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  totals: { grossPaise: number; discountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
}

/** Splits `total` over `weights` in proportion, in whole units, the largest remainders getting the leftovers. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The invoice's figures. `intraState`: the delivery state is the shop's (CGST + SGST, half each), otherwise IGST.
 * `registered`: without a GSTIN the document is a bill of supply and carries no tax.
 */
export function invoiceFigures(items: TaxableItem[], discountPaise: number, { intraState, registered }: { intraState: boolean; registered: boolean }): InvoiceFigures {
  const gross = items.map(lineTotalPaise);
  const discounts = apportion(
    discountPaise,
    gross.map((value, i) => (items[i]!.discountable === false ? 0 : value)),
  );
  const lines = items.map((item, i): InvoiceLine => {
    const valuePaise = gross[i]! - discounts[i]!;
    const taxablePaise = registered ? Math.round((valuePaise * 100) / (100 + item.gstRate)) : valuePaise;
    const tax = valuePaise - taxablePaise;
    const cgstPaise = intraState ? Math.round(tax / 2) : 0;
    return {
      ...item,
      grossPaise: gross[i]!,
      discountPaise: discounts[i]!,
      valuePaise,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? tax - cgstPaise : 0,
      igstPaise: intraState ? 0 : tax,
    };
  });
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    totals: {
      grossPaise: sum((l) => l.grossPaise),
      discountPaise: sum((l) => l.discountPaise),
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      totalPaise: sum((l) => l.valuePaise),
    },
  };
}

const ONES = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ""}`;
}

/** A whole number in words, Indian style (thousand, lakh, crore). */
export function numberInWords(n: number): string {
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** "Rupees One Thousand Two Hundred Eighty and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ""} Only`;
}

/** GST state codes (the first two digits of a GSTIN), by state or union territory name. */
export const GST_STATE_CODES: Record<string, string> = {
  "jammu and kashmir": "01", "himachal pradesh": "02", punjab: "03", chandigarh: "04", uttarakhand: "05", haryana: "06", delhi: "07",
  rajasthan: "08", "uttar pradesh": "09", bihar: "10", sikkim: "11", "arunachal pradesh": "12", nagaland: "13", manipur: "14", mizoram: "15",
  tripura: "16", meghalaya: "17", assam: "18", "west bengal": "19", jharkhand: "20", odisha: "21", chhattisgarh: "22", "madhya pradesh": "23",
  gujarat: "24", "dadra and nagar haveli and daman and diu": "26", maharashtra: "27", karnataka: "29", goa: "30", lakshadweep: "31",
  kerala: "32", "tamil nadu": "33", puducherry: "34", "andaman and nicobar islands": "35", telangana: "36", "andhra pradesh": "37", ladakh: "38",
};

/** A state as people type it ("Tamil Nadu", " tamil  nadu ", "TN" is not recognised) → its name key, for comparing and coding. */
export const stateKey = (state: string) => state.trim().toLowerCase().replace(/&/g, "and").replace(/\s+/g, " ");

export const stateCodeOf = (state: string): string | null => GST_STATE_CODES[stateKey(state)] ?? null;
