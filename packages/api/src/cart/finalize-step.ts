import type { DbOrTx } from "@mithai/db/client";
import { cartItems } from "@mithai/db/schema";
import { sql } from "@mithai/db/sql";
import { FINALIZE_VALUES as value, type PaidOrders } from "../payments/paid-gate";

/**
 * Finalisation step: the bought quantities leave the customer's cart. A line with more than was bought keeps the
 * rest, lines not bought stay. Both statements see the cart as it was, and touch disjoint lines.
 */
export function cartReductionStep(db: DbOrTx, paid: PaidOrders) {
  const boughtLine = sql`(${cartItems.userId}, ${cartItems.foodItemId}) in (
    select ${paid.userId}, (bought ->> 'foodItemId')::uuid from ${paid}, jsonb_array_elements(${paid.items}) as bought)`;
  const boughtQuantity = sql`(select (bought ->> 'quantity')::integer from ${paid}, jsonb_array_elements(${paid.items}) as bought
    where ${paid.userId} = ${cartItems.userId} and (bought ->> 'foodItemId')::uuid = ${cartItems.foodItemId})`;
  const reduced = db.$with("reduced").as(
    db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${boughtQuantity}`, updatedAt: sql`${value.now}` })
      .where(sql`${boughtLine} and ${cartItems.quantity} > ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  const emptied = db.$with("emptied").as(
    db
      .delete(cartItems)
      .where(sql`${boughtLine} and ${cartItems.quantity} <= ${boughtQuantity}`)
      .returning({ userId: cartItems.userId }),
  );
  return [reduced, emptied] as const;
}
