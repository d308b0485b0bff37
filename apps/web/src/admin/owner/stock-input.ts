import { MAX_STOCK_KG } from "@mithai/schema";

/**
 * What the admin types as an item's stock: whole kilograms, or empty when the stock is not tracked. What is typed is
 * kept as typed (never stripped to its digits, which turned "2.5" into 25 kg); anything but whole kilograms is refused
 * with a sentence.
 */
export function parseStockInput(text: string): { ok: true; kg: number | null } | { ok: false; message: string } {
  const typed = text.trim().replace(/\s*kg$/i, "");
  if (typed === "") return { ok: true, kg: null };
  if (/^\d+([.,]\d+)?$/.test(typed) && !/^\d+$/.test(typed)) {
    return { ok: false, message: `Stock is counted in whole kilograms: ${typed} kg is not a whole number (orders are in whole kg)` };
  }
  if (!/^\d+$/.test(typed)) return { ok: false, message: "Stock must be a number of kilograms, like 12, or empty when it is not tracked" };
  const kg = Number(typed);
  if (kg > MAX_STOCK_KG) return { ok: false, message: `Stock can be at most ${MAX_STOCK_KG} kg` };
  return { ok: true, kg };
}
