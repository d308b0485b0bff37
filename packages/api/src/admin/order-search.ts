import { orders, users } from "@mithai/db/schema";
import { and, eq, gte, lt, or, sql, type SQL } from "@mithai/db/sql";
import type { OrderFilters } from "@mithai/schema";
import { normalizeMobile, shopDayRange } from "@mithai/schema";

/** The WHERE clause of the admin order list and its export; each part is served by an index (see tables/order.ts). */
export function orderFilterCondition(filters: OrderFilters): SQL | undefined {
  return and(
    filters.payment === "all" ? undefined : eq(orders.paymentStatus, filters.payment),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, shopDayRange(filters.from).start) : undefined,
    filters.to ? lt(orders.createdAt, shopDayRange(filters.to).end) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
}

/**
 * What the search box means: text with an @ is a customer e-mail (the account's or the delivery one), a 10-digit
 * number (optionally +91) is the delivery mobile, hex digits are an order id or its start (an order number, "#C1436DA2",
 * as the packing slips' QR codes hold it); and any text of 2 characters or more is looked for in the customer's
 * name and e-mail and the name the order is delivered to ("Priya", "priya.s@").
 */
function searchCondition(text: string): SQL {
  // An order number is quoted as "#C1436DA2" (or without the #, in any case): the id prefix it is.
  const q = text.trim().toLowerCase().replace(/^#/, "");
  const matches: SQL[] = [];
  if (q.includes("@")) {
    matches.push(sql`lower(${orders.address} ->> 'email') = ${q}`);
    // A scalar subquery (e-mails are unique) lets PostgreSQL use the orders-by-customer index.
    matches.push(sql`${orders.userId} = (select ${users.id} from ${users} where ${users.email} = ${q})`);
  }
  const mobile = mobileDigits(q);
  if (mobile) matches.push(sql`right(regexp_replace(${orders.address} ->> 'mobile', '\\D', '', 'g'), 10) = ${mobile}`);
  const idRange = orderIdRange(q);
  if (idRange) matches.push(sql`${orders.id} between ${idRange.low}::uuid and ${idRange.high}::uuid`);
  const words = text.trim();
  if (words.length >= 2 && !mobile) {
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    matches.push(sql`${orders.userId} in (select ${users.id} from ${users} where ${users.name} ilike ${like} or ${users.email} ilike ${like})`);
    matches.push(sql`(${orders.address} ->> 'fullName') ilike ${like}`);
    if (words.includes("@")) matches.push(sql`(${orders.address} ->> 'email') ilike ${like}`);
  }
  return or(...matches) ?? sql`false`;
}

/** The ten digits of a mobile typed as the address form reads it (0, 91 or +91 in front, separators ignored). */
export function mobileDigits(q: string): string | null {
  return normalizeMobile(q)?.slice(-10) ?? null;
}

/** "3f2a9c" → every UUID starting with it, as an index-friendly range on the primary key. */
function orderIdRange(q: string): { low: string; high: string } | null {
  if (!/^[0-9a-f-]+$/.test(q)) return null;
  const hex = q.replaceAll("-", "");
  if (hex.length < 4 || hex.length > 32) return null;
  const asUuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return { low: asUuid(hex.padEnd(32, "0")), high: asUuid(hex.padEnd(32, "f")) };
}
