/**
 * The shop's clock: the calendar the kitchen, the discount, the filters and the invoices all count in. Asia/Kolkata
 * keeps UTC+05:30 all year (India has no daylight saving), so every shop day and month is a fixed UTC window and
 * needs no time-zone database. Days are "YYYY-MM-DD", months "YYYY-MM", financial years "26-27".
 */
export const SHOP_TIME_ZONE = "Asia/Kolkata";
export const SHOP_UTC_OFFSET = "+05:30";

const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `date` as the shop's wall clock reads it, in a Date's UTC fields. */
const wallClock = (date: Date) => new Date(date.getTime() + OFFSET_MS);

/** `date` on the shop's wall clock to the minute, "2026-11-24 17:42" (tables of the command-line tool). */
export function shopDateTime(date: Date): string {
  return wallClock(date).toISOString().slice(0, 16).replace("T", " ");
}

/** The shop's calendar day `date` falls in, "2026-11-24". */
export function shopDay(date: Date): string {
  return wallClock(date).toISOString().slice(0, 10);
}

/** The shop's calendar month `date` falls in, "2026-11". */
export function shopMonth(date: Date): string {
  return wallClock(date).toISOString().slice(0, 7);
}

/** The instant a shop day ("2026-11-24") starts, and the instant the next one starts. */
export function shopDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The instant a shop month ("2026-11") starts, and the instant the next one starts. */
export function shopMonthRange(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1) - OFFSET_MS),
    end: new Date(Date.UTC(year, monthNumber, 1) - OFFSET_MS),
  };
}

/** The shop day `days` calendar days after `day` ("2026-11-30" + 1 → "2026-12-01"). */
export function addShopDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the week of a shop day: 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Indian financial year (April to March) `date` falls in on the shop's clock, as invoices write it: "26-27". */
export function financialYear(date: Date): string {
  const [year, month] = shopMonth(date).split("-").map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${String(first % 100).padStart(2, "0")}-${String((first + 1) % 100).padStart(2, "0")}`;
}
