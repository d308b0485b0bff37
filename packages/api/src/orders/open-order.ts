import { preparedQuery, type DbOrTx, type Tx } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { eq, sql, type Placeholder, type SQL } from "@mithai/db/sql";
import type { PaymentMoveRequest } from "../lifecycle/move";
import type { PaidOrders } from "../payments/paid-gate";

/**
 * One open (unpaid) order per customer: placing an order expires the customer's previous open one, giving back its
 * stock, promo use and discount slot, so nobody holds the stock with a pile of unpaid orders. The customer's row
 * keeps its latest open order (`users.open_order_id`).
 */

/**
 * In place's transaction: locks the customer's row (two places by one customer take turns), points it at the order
 * being placed, and answers the previous open order, if any. One statement: the CTE's FOR UPDATE waits for another
 * place of this customer and then reads the row as that one committed it (PostgreSQL re-reads a row it waited for).
 */
export async function takeOpenOrderSlot(tx: Tx, userId: string, orderId: string): Promise<string | null> {
  const [row] = await takeSlot(tx).execute({ userId, orderId });
  return row?.previous ?? null;
}

const takeSlot = preparedQuery((db) => {
  const previous = db
    .$with("previous")
    .as(db.select({ id: users.id, openOrderId: users.openOrderId }).from(users).where(eq(users.id, sql.placeholder("userId"))).for("update"));
  // The WHERE reads the CTE, so it runs (and locks) before the row is updated: a FOR UPDATE after the update in the
  // same statement would skip the row this statement changed.
  return db
    .with(previous)
    .update(users)
    .set({ openOrderId: sql`${sql.placeholder("orderId")}::uuid` })
    .where(sql`${users.id} in (select ${previous.id} from ${previous})`)
    .returning({ previous: sql<string | null>`(select ${previous.openOrderId} from ${previous})` })
    .prepare("take_open_order_slot");
});

/** The customer's open order as their row points at it, as a column of the checkout's one read (checkout-cart.ts). */
export function openOrderIdSql(userId: string | Placeholder): SQL<string | null> {
  return sql<string | null>`(select ${users.openOrderId} from ${users} where ${eq(users.id, userId)})`;
}

/** The move that expires the previous open order (only if it is still open: a paid or failed one stays as it is). */
export const expireOpenOrder = (orderId: string): PaymentMoveRequest<undefined> => ({ kind: "payment", move: "expire", which: eq(orders.id, orderId) });

/**
 * Finalisation step on the paid order's customer row (one step: a statement may change a row once): the order is no
 * longer open, and the next cart starts without the promo code applied to this one (promos/cart-promo.ts).
 */
export function customerPaidStep(db: DbOrTx, paid: PaidOrders) {
  return db.$with("customer_paid").as(
    db
      .update(users)
      .set({
        cartPromoCode: null,
        openOrderId: sql`case when ${users.openOrderId} in (select ${paid.id} from ${paid}) then null else ${users.openOrderId} end`,
      })
      .where(
        sql`${users.id} in (select ${paid.userId} from ${paid}) and (${users.cartPromoCode} is not null or ${users.openOrderId} in (select ${paid.id} from ${paid}))`,
      )
      .returning({ id: users.id }),
  );
}
