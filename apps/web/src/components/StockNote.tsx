import { stockNote } from "@mithai/schema/kitchen";

/** "Sold out" or "Only N kg left" under an item's price (nothing when plenty is left or stock is not tracked). */
export function StockNote({ stockKg }: { stockKg: number | null }) {
  const note = stockNote(stockKg);
  if (!note) return null;
  return <p className={`stock-note${stockKg === 0 ? " stock-note-out" : ""}`}>{note}</p>;
}
