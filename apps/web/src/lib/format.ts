import { nearestPaise, PAISE_PER_RUPEE, SHOP_TIME_ZONE } from "@mithai/schema";
import { activeLocale } from "./i18n";

/**
 * Numbers, money and dates in the page's language through `Intl` (en-IN, hi-IN, te-IN: Indian grouping, ₹1,28,000.50
 * in every script); dates and times in the shop's time zone (Asia/Kolkata), wherever the customer's phone is set.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: (locale: string) => T): T {
  const locale = activeLocale();
  const id = `${locale}|${key}`;
  let format = cache.get(id) as T | undefined;
  if (!format) cache.set(id, (format = make(locale)));
  return format;
}

/** Money as Indian shops write it: whole rupees without decimals, paise always as two digits ("₹580.50"). */
export function formatRupees(rupees: number): string {
  const paise = nearestPaise(rupees);
  const whole = paise % PAISE_PER_RUPEE === 0;
  const format = cached(whole ? "inr" : "inr.paise", (locale) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "INR", minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }),
  );
  return format.format(paise / PAISE_PER_RUPEE);
}

export const formatNumber = (value: number): string => cached("number", (locale) => new Intl.NumberFormat(locale)).format(value);

/** A star average as shops show it, always with one decimal: "4.0", "4.5". */
export const formatAverage = (value: number): string =>
  cached("average", (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value);

const dateStyles = {
  /** 27 Nov 2026 */
  date: { dateStyle: "medium" },
  /** 27 Nov 2026, 6:30 pm */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** 6:30 pm */
  time: { timeStyle: "short" },
  /** Fri, 27 Nov */
  day: { weekday: "short", day: "numeric", month: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export function formatDate(date: Date | string | number, style: keyof typeof dateStyles = "date"): string {
  return cached(`date.${style}`, (locale) => new Intl.DateTimeFormat(locale, { ...dateStyles[style], timeZone: SHOP_TIME_ZONE })).format(new Date(date));
}

/** A calendar day the server names as YYYY-MM-DD (a delivery ETA), shown as that day whatever the phone's zone. */
export function formatCalendarDay(isoDay: string): string {
  const [year = 0, month = 1, day = 1] = isoDay.split("-").map(Number);
  // Noon in Kolkata (06:30 UTC) is that day in the shop's zone.
  return formatDate(Date.UTC(year, month - 1, day, 6, 30), "day");
}
