import { z } from "./z";
import { ORDER_DATE_RANGE } from "../order";

/**
 * The owner's day (DECISIONS "The owner's day"): the sales dashboard, stock at a glance, the kitchen's production
 * sheet and packing slips. Money is rupees as numbers; days are shop days (Asia/Kolkata), "YYYY-MM-DD".
 */

/** The longest range the sales report covers at once (a little over a year). */
export const SALES_MAX_DAYS = 400;

const shopDay = z.iso
  .date({ message: "Dates must look like 2025-10-20" })
  .refine((day) => day >= ORDER_DATE_RANGE.first && day <= ORDER_DATE_RANGE.last, {
    message: `Dates must lie between ${ORDER_DATE_RANGE.first} and ${ORDER_DATE_RANGE.last}`,
  });

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** `GET /api/admin/sales?from=&to=&by=day`, tRPC `admin.sales`: both days inclusive. */
export const salesInputSchema = z
  .object({
    from: shopDay,
    to: shopDay,
    by: z.enum(["day"], { message: "Sales can only be grouped by day" }).default("day"),
  })
  .refine((input) => input.from <= input.to, { message: "The start date must not be after the end date", path: ["to"] })
  .refine((input) => dayNumber(input.to) - dayNumber(input.from) < SALES_MAX_DAYS, {
    message: `A sales report covers at most ${SALES_MAX_DAYS} days`,
    path: ["from"],
  });
export type SalesInput = z.output<typeof salesInputSchema>;

export const salesDaySchema = z.object({
  date: z.string(),
  /** Paid orders placed that day (later refunds included: they show under `refunded`). */
  orders: z.number(),
  paid: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type SalesDay = z.output<typeof salesDaySchema>;

export const topSweetSchema = z.object({ itemId: z.string(), name: z.string(), kg: z.number(), net: z.number() });
export type TopSweet = z.output<typeof topSweetSchema>;

export const salesReportSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  series: z.array(salesDaySchema),
  /** The range's totals (the series added up, to the paisa). */
  totals: z.object({ orders: z.number(), paid: z.number(), refunded: z.number(), net: z.number(), averageOrder: z.number() }),
  top: z.array(topSweetSchema),
});
export type SalesReport = z.output<typeof salesReportSchema>;

export const stockGlanceSchema = z.object({
  success: z.literal(true),
  items: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      /** Kilograms left to sell (unpaid orders' reservations already taken off). */
      onHandKg: z.number(),
      reservedKg: z.number(),
      soldLast7DaysKg: z.number(),
      /** At the last 7 days' pace; null when nothing sold. */
      daysLeft: z.number().nullable(),
    }),
  ),
});
export type StockGlance = z.output<typeof stockGlanceSchema>;

/** `GET /api/admin/kitchen/production?date=`, tRPC `admin.production`. */
export const productionInputSchema = z.object({ date: shopDay });

export const productionSheetSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  lines: z.array(z.object({ itemId: z.string(), name: z.string(), kg: z.number(), orders: z.array(z.string()) })),
});
export type ProductionSheet = z.output<typeof productionSheetSchema>;

/** `GET /api/admin/packing-slips?date=`: the day's slips (orders expected for delivery that day). */
export const packingSlipsInputSchema = z.object({ date: shopDay });
