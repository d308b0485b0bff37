import { and, asc, eq, isNull } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { cartItems, foodItems } from "@mithai/db/schema";
import type { OrderItemSnapshot } from "@mithai/db/schema";
import { formatRupees, paiseToRupees, subtotalPaise } from "@mithai/schema/money";
import { MAX_ORDER_PAISE } from "@mithai/schema/order";
import { AppError } from "../errors";

/** The customer's server cart priced at current catalogue prices; removed items are left out. */
export async function pricedCart(db: Db, userId: string): Promise<{ items: OrderItemSnapshot[]; subtotalPaise: number }> {
  const rows = await db
    .select({
      foodItemId: foodItems.id,
      name: foodItems.name,
      image: foodItems.image,
      unitPricePaise: foodItems.pricePaise,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(foodItems, eq(foodItems.id, cartItems.foodItemId))
    .where(and(eq(cartItems.userId, userId), isNull(foodItems.removedAt)))
    .orderBy(asc(cartItems.createdAt), asc(foodItems.name));
  return { items: rows, subtotalPaise: subtotalPaise(rows) };
}

export async function requireNonEmptyCart(db: Db, userId: string): Promise<{ items: OrderItemSnapshot[]; subtotalPaise: number }> {
  const cart = await pricedCart(db, userId);
  if (cart.items.length === 0) throw new AppError("BAD_REQUEST", "Your cart is empty");
  if (cart.subtotalPaise > MAX_ORDER_PAISE) {
    throw new AppError("BAD_REQUEST", `Orders above ${formatRupees(paiseToRupees(MAX_ORDER_PAISE))} cannot be paid online; please contact us to place it`);
  }
  return cart;
}
