import { and, asc, eq, isNull, type SQL } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { cartItems, foodItems } from "@mithai/db/schema";
import type { OrderItemSnapshot } from "@mithai/db/schema";
import { formatRupees, paiseToRupees, subtotalPaise } from "@mithai/schema/money";
import { MAX_ORDER_PAISE } from "@mithai/schema/order";
import { AppError } from "../errors";
import { paidOrdersInMonthSql } from "./discount";

export interface PricedCart {
  items: OrderItemSnapshot[];
  subtotalPaise: number;
}

const lineColumns = {
  foodItemId: foodItems.id,
  name: foodItems.name,
  image: foodItems.image,
  unitPricePaise: foodItems.pricePaise,
  quantity: cartItems.quantity,
};

async function cartLines<Extra extends Record<string, SQL>>(db: Db, userId: string, extra: Extra) {
  return db
    .select({ ...lineColumns, ...extra })
    .from(cartItems)
    .innerJoin(foodItems, eq(foodItems.id, cartItems.foodItemId))
    .where(and(eq(cartItems.userId, userId), isNull(foodItems.removedAt)))
    .orderBy(asc(cartItems.createdAt), asc(foodItems.name));
}

const snapshotOf = ({ foodItemId, name, image, unitPricePaise, quantity }: OrderItemSnapshot): OrderItemSnapshot => ({
  foodItemId,
  name,
  image,
  unitPricePaise,
  quantity,
});

/** The customer's server cart priced at current catalogue prices; removed items are left out. */
export async function pricedCart(db: Db, userId: string): Promise<PricedCart> {
  const rows = await cartLines(db, userId, {});
  return { items: rows, subtotalPaise: subtotalPaise(rows) };
}

/**
 * What placing an order needs, in one round trip: the priced cart (refused when empty or too large for
 * online payment) and how many of the customer's orders were paid in `month`.
 */
export async function checkoutBasis(db: Db, userId: string, month: string): Promise<PricedCart & { paidOrdersInMonth: number }> {
  const rows = await cartLines(db, userId, { paidOrdersInMonth: paidOrdersInMonthSql(userId, month) });
  const items = rows.map(snapshotOf);
  const cart = { items, subtotalPaise: subtotalPaise(items) };
  if (cart.items.length === 0) throw new AppError("BAD_REQUEST", "Your cart is empty");
  if (cart.subtotalPaise > MAX_ORDER_PAISE) {
    throw new AppError("BAD_REQUEST", `Orders above ${formatRupees(paiseToRupees(MAX_ORDER_PAISE))} cannot be paid online; please contact us to place it`);
  }
  return { ...cart, paidOrdersInMonth: rows[0]!.paidOrdersInMonth };
}
