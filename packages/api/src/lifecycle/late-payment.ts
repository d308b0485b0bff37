import type { DbOrTx } from "@mithai/db/client";
import { foodItems, orders } from "@mithai/db/schema";
import { and, eq, inArray, ne } from "@mithai/db/sql";
import type { PaymentStatus, ReasonCode } from "@mithai/schema";
import { countPaidOrdersInMonth } from "../orders/discount";
import { promoStillHonoured, type Refusal } from "../promos/promos";
import { paymentStatusIn } from "./query";

type LateOrder = typeof orders.$inferSelect;

/**
 * A late payment (its order failed or expired, so it gave back its claims) is honoured only if, at payment time, what
 * `place` checked still holds (DECISIONS "The order's life"): every item still on the menu at a price not above the
 * order's, its promo code active, in its dates and within both limits for this customer, its month's discount slot
 * free and still earned (an earlier order of that month still kept: cancelling the one it stood on while this order was
 * failed or expired took no clawback, since nothing then relied on it). (The stock is taken again by the payment itself; a shortage refuses it the same way, `STOCK_SHORT`.) Run in
 * the payment's transaction with the order row locked; null when it can be paid.
 */
export async function lateRefusal(tx: DbOrTx, order: LateOrder, now: Date): Promise<Refusal | null> {
  const ids = order.items.map((line) => line.foodItemId);
  const onSale = await tx.select({ id: foodItems.id, pricePaise: foodItems.pricePaise, removedAt: foodItems.removedAt }).from(foodItems).where(inArray(foodItems.id, ids));
  const byId = new Map(onSale.map((item) => [item.id, item]));
  for (const line of order.items) {
    const item = byId.get(line.foodItemId);
    if (!item || item.removedAt) return { code: "ITEM_GONE", message: `${line.name} is not on the menu any more` };
    if (item.pricePaise > line.unitPricePaise) return { code: "PRICE_CHANGED", message: `the price of ${line.name} went up` };
  }
  const promo = await promoStillHonoured(tx, order, now);
  if (promo) return promo;
  if (order.discountMonth) {
    const [holder] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, order.userId), eq(orders.discountMonth, order.discountMonth), ne(orders.id, order.id), paymentStatusIn("holding")))
      .limit(1);
    if (holder) return { code: "DISCOUNT_TAKEN", message: "its ₹150 discount has gone to your other order" };
    if ((await countPaidOrdersInMonth(tx, order.userId, order.discountMonth, now)) === 0) {
      return { code: "DISCOUNT_NOT_EARNED", message: "its ₹150 discount stood on an earlier order that has since been cancelled or refunded" };
    }
  }
  return null;
}

/**
 * What the customer is told (verify's answer, the refund's reason and mail) for a refused late payment; `was` is what
 * the order was when the payment came (a retry after a declined attempt finds it failed, not expired).
 */
export function lateRefusalReason(refusal: { code: ReasonCode; message: string }, was?: PaymentStatus): string {
  const why = refusal.code.startsWith("PROMO_") ? "its promo code cannot be used for it any more" : refusal.message;
  const when = was === "failed" ? "after an earlier attempt to pay for the order had failed" : "after the order had expired";
  return `the payment arrived ${when}, and ${why}`;
}
