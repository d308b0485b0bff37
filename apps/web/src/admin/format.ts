import { SHOP_TIME_ZONE } from "@mithai/schema";

/** Minutes and seconds since a moment, as "mm:ss" (minutes keep counting past 59). */
export function formatElapsed(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

const shopTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/**
 * Dates in the admin panel: shop time (Asia/Kolkata, as the filters and "Today" count), labelled, en-IN with a 12-hour
 * clock (SPEC §9), e.g. "21 Nov 2026, 5:42 pm IST" — whatever zone the viewer's browser is in.
 */
export function formatAdminDateTime(date: Date): string {
  return `${shopTime.format(date)} IST`;
}
