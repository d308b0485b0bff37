import { useLingui } from "@lingui/react/macro";
import { LOW_STOCK_KG } from "@mithai/schema";

/** "Sold out" or "Only N kg left" under an item's price (nothing when plenty is left or stock is not tracked). */
export function StockNote({ stockKg }: { stockKg: number | null }) {
  const { t } = useLingui();
  if (stockKg === null || stockKg >= LOW_STOCK_KG) return null;
  return <p className={`stock-note${stockKg <= 0 ? " stock-note-out" : ""}`}>{stockKg <= 0 ? t`Sold out` : t`Only ${stockKg} kg left`}</p>;
}
