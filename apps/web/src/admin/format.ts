/** Minutes and seconds since a moment, as "mm:ss" (minutes keep counting past 59). */
export function formatElapsed(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** Dates in the admin panel: en-IN, 12-hour clock (SPEC §9), e.g. "21 Nov 2026, 5:42 pm". */
export function formatAdminDateTime(date: Date): string {
  return date.toLocaleString("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
}
