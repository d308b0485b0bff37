import type { Db } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "@mithai/db/sql";
import { ADMIN_LIST_PAGE_SIZE, type AdminCustomerPage, paiseToRupees } from "@mithai/schema";
import { mobileDigits } from "./order-search";
import type { CustomerListInput } from "@mithai/schema";
import { cursorInstant, decodeCursor, encodeCursor } from "./orders-admin";
import { netPaiseSql } from "../lifecycle/net";

/** `%`, `_` and `\` typed into the search box are searched for, not used as patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function customerSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const matches: (SQL | undefined)[] = [ilike(users.name, likePattern(text)), ilike(users.email, likePattern(text))];
  // A mobile as the profile and the address forms read it (0, 91 or +91 in front, separators ignored).
  const digits = mobileDigits(text);
  if (digits) {
    // Their own phone (as the profile stores it, "+91" and the ten digits, or ten digits saved before that), or the
    // mobile on any order they placed.
    matches.push(inArray(users.phoneNumber, [`+91${digits}`, digits]));
    matches.push(sql`exists (select 1 from ${orders} where ${orders.userId} = ${users.id} and right(regexp_replace(${orders.address} ->> 'mobile', '\\D', '', 'g'), 10) = ${digits})`);
  }
  return or(...matches);
}

/** Customers (not admins), newest accounts first, with their paid orders and what they spent; 30 a page. */
export async function listCustomers(db: Db, input: CustomerListInput): Promise<AdminCustomerPage> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  const after = cursor ? sql`(${users.createdAt}, ${users.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const paid = db
    .select({
      userId: orders.userId,
      count: sql<number>`count(*)::int`.as("count"),
      // Net: paid − refunded (lifecycle/net.ts), as on the dashboard.
      spent: sql<number>`coalesce(sum(${netPaiseSql()}), 0)::bigint`.as("spent"),
      last: sql<Date | null>`max(${orders.createdAt})`.as("last"),
    })
    .from(orders)
    .where(eq(orders.paymentStatus, "paid"))
    .groupBy(orders.userId)
    .as("paid");
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
      cursorAt: cursorInstant(users.createdAt),
      paidOrders: paid.count,
      spentPaise: paid.spent,
      lastOrderAt: paid.last,
    })
    .from(users)
    .leftJoin(paid, eq(paid.userId, users.id))
    .where(and(eq(users.role, "user"), customerSearch(input.q), after))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_LIST_PAGE_SIZE + 1);
  const more = rows.length > ADMIN_LIST_PAGE_SIZE;
  const page = more ? rows.slice(0, ADMIN_LIST_PAGE_SIZE) : rows;
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      phoneNumber: row.phoneNumber,
      createdAt: row.createdAt.toISOString(),
      paidOrders: row.paidOrders ?? 0,
      totalSpent: paiseToRupees(Number(row.spentPaise ?? 0)),
      lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    })),
    nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
