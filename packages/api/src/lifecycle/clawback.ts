import type { DbOrTx } from "@mithai/db/client";
import { orders } from "@mithai/db/schema";
import { and, asc, eq, gt, gte, lt, ne, or } from "@mithai/db/sql";
import { shopMonth, shopMonthRange } from "@mithai/schema";
import { keptOrderSql } from "./net";

type OrderFacts = Pick<typeof orders.$inferSelect, "id" | "userId" | "paidAt">;

/**
 * The clawback (DECISIONS "The order's life"): cancelling or fully refunding an order that a later discounted order
 * of the same month relied on refunds that order's discount (₹150) less. "Relied on": the discounted order (pending,
 * or kept and paid after this one) has no other kept order paid earlier that month to stand on. Answers the paise to
 * keep back and the order that relied on it; 0 and null when none.
 */
export async function clawbackFor(db: DbOrTx, order: OrderFacts): Promise<{ paise: number; reliantOrderId: string | null }> {
  const none = { paise: 0, reliantOrderId: null };
  if (!order.paidAt) return none;
  const month = shopMonth(order.paidAt);
  const [reliant] = await db
    .select({ id: orders.id, discountPaise: orders.discountPaise, paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.discountMonth, month),
        eq(orders.discountApplied, true),
        ne(orders.id, order.id),
        or(eq(orders.paymentStatus, "pending"), and(keptOrderSql(), gt(orders.paidAt, order.paidAt))),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  if (!reliant) return none;
  const { start } = shopMonthRange(month);
  // A pending reliant order stands on any other kept order of the month; a paid one on those paid before it.
  const before = reliant.paidAt ? lt(orders.paidAt, reliant.paidAt) : undefined;
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), ne(orders.id, reliant.id), keptOrderSql(), gte(orders.paidAt, start), before))
    .limit(1);
  if (other) return none;
  return { paise: reliant.discountPaise, reliantOrderId: reliant.id };
}
