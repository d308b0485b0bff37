import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from "@mithai/db/sql";
import { preparedQuery, type Db } from "@mithai/db/client";
import { cartItems, foodItems } from "@mithai/db/schema";
import type { OrderItemSnapshot } from "@mithai/db/schema";
import { foodIdSchema, formatRupees, MAX_ORDER_PAISE, paiseToRupees, subtotalPaise } from "@mithai/schema";
import type { PlaceOrderInput } from "@mithai/schema";
import { AppError, fieldError } from "../errors";
import { paidInMonthRange, keptOrdersBetweenSql } from "./discount";
import { cartPromoCodeSql } from "../promos/cart-promo";
import { openOrderIdSql } from "./open-order";
import { checkStock } from "../stock/stock";

export interface PricedCart {
  /** With each item's stock as read (null: not tracked), so a shortage is told before anything is written. */
  items: (OrderItemSnapshot & { stockKg: number | null })[];
  subtotalPaise: number;
}

/** What an order line keeps of the item (and its stock, to check), whether the line comes from the cart or the request. */
const itemColumns = {
  foodItemId: foodItems.id,
  name: foodItems.name,
  image: foodItems.image,
  unitPricePaise: foodItems.pricePaise,
  hsn: foodItems.hsn,
  gstRate: foodItems.gstRate,
  stockKg: foodItems.stockKg,
};
const lineColumns = { ...itemColumns, quantity: cartItems.quantity };

function cartLines<Extra extends Record<string, SQL>>(db: Db, userId: string | Placeholder, extra: Extra) {
  return db
    .select({ ...lineColumns, ...extra })
    .from(cartItems)
    .innerJoin(foodItems, eq(foodItems.id, cartItems.foodItemId))
    .where(and(eq(cartItems.userId, userId), isNull(foodItems.removedAt)))
    .orderBy(asc(cartItems.createdAt), asc(foodItems.name));
}

// The checkout's one read: the cart at current prices and stock, with checkoutExtras.
const serverCartWithPaidOrders = preparedQuery((db) => cartLines(db, sql.placeholder("userId"), checkoutExtras(sql.placeholder("userId"))).prepare("checkout_cart"));

const snapshotOf = ({ foodItemId, name, image, unitPricePaise, hsn, gstRate, quantity, stockKg }: OrderItemSnapshot & { stockKg: number | null }) => ({
  foodItemId,
  name,
  image,
  unitPricePaise,
  hsn,
  gstRate,
  quantity,
  stockKg,
});

/** The customer's server cart priced at current catalogue prices; removed items are left out. */
export async function pricedCart(db: Db, userId: string): Promise<PricedCart> {
  const rows = await cartLines(db, userId, {});
  return { items: rows, subtotalPaise: subtotalPaise(rows) };
}

type RequestedLines = NonNullable<PlaceOrderInput["items"]>;

/** The columns every checkout read adds to its lines: the customer's orders kept this month, the cart's promo code and the open order. */
function checkoutExtras(userId: Placeholder) {
  return {
    paidOrdersInMonth: keptOrdersBetweenSql(userId, sql.placeholder("paidFrom"), sql.placeholder("paidUntil")),
    cartPromoCode: cartPromoCodeSql(userId),
    openOrderId: openOrderIdSql(userId),
  };
}

// The ids go as one JSON parameter, so the statement is one prepared shape however many lines an order has.
const requestedItemsOnSale = preparedQuery((db) =>
  db
    .select({ ...itemColumns, ...checkoutExtras(sql.placeholder("userId")) })
    .from(foodItems)
    .where(and(sql`${foodItems.id} in (select jsonb_array_elements_text(${sql.placeholder("ids")}::jsonb)::uuid)`, isNull(foodItems.removedAt)))
    .prepare("checkout_requested_items"),
);

/**
 * The lines a client asked for, priced from the catalogue in the order asked. An id that is not an item on
 * sale (unknown, malformed or removed) is refused, naming the line, so nothing is ordered that was not meant.
 */
async function requestedLines(db: Db, userId: string, month: string, requested: RequestedLines): Promise<CheckoutLines> {
  const ids = requested.map((line) => line._id).filter((id) => foodIdSchema.safeParse(id).success);
  const { from, until } = paidInMonthRange(month);
  const onSale =
    ids.length === 0
      ? []
      : await requestedItemsOnSale(db).execute({ userId, ids: JSON.stringify(ids), paidFrom: from.toISOString(), paidUntil: until.toISOString() });
  const byId = new Map(onSale.map((row) => [row.foodItemId, row]));
  const items = requested.map((line, index) => {
    const item = byId.get(line._id);
    if (!item) throw fieldError("ITEM_GONE", `items.${index}._id`, "this item is not on the menu any more; remove it and try again");
    return snapshotOf({ ...item, quantity: line.quantity });
  });
  const [first] = onSale;
  return { items, paidOrdersInMonth: first!.paidOrdersInMonth, cartPromoCode: first!.cartPromoCode, openOrderId: first!.openOrderId };
}

interface CheckoutLines {
  items: PricedCart["items"];
  paidOrdersInMonth: number;
  cartPromoCode: string | null;
  /** The customer's open order as their row points at it (it may have been paid or expired since). */
  openOrderId: string | null;
}

async function serverCartLines(db: Db, userId: string, month: string): Promise<CheckoutLines> {
  const { from, until } = paidInMonthRange(month);
  const rows = await serverCartWithPaidOrders(db).execute({ userId, paidFrom: from.toISOString(), paidUntil: until.toISOString() });
  if (rows.length === 0) throw new AppError("CART_EMPTY", "Your cart is empty");
  const [first] = rows;
  return { items: rows.map(snapshotOf), paidOrdersInMonth: first!.paidOrdersInMonth, cartPromoCode: first!.cartPromoCode, openOrderId: first!.openOrderId };
}

/**
 * What placing an order needs, in one round trip: the lines to order — exactly `requested` when given,
 * otherwise the server cart — priced at current catalogue prices (refused when too large for online
 * payment), how many of the customer's orders were paid in `month`, the promo code kept with the cart and the
 * customer's open order.
 */
export async function checkoutBasis(
  db: Db,
  userId: string,
  month: string,
  requested?: RequestedLines,
  options: { checkStock?: boolean } = {},
): Promise<PricedCart & Omit<CheckoutLines, "items">> {
  const { items, paidOrdersInMonth, cartPromoCode, openOrderId } = requested ? await requestedLines(db, userId, month, requested) : await serverCartLines(db, userId, month);
  if (options.checkStock !== false) checkStock(items);
  const cart = { items, subtotalPaise: subtotalPaise(items) };
  if (cart.subtotalPaise > MAX_ORDER_PAISE) {
    throw new AppError("ORDER_TOO_LARGE", `Orders above ${formatRupees(paiseToRupees(MAX_ORDER_PAISE))} cannot be paid online; please contact us to place it`);
  }
  return { ...cart, paidOrdersInMonth, cartPromoCode, openOrderId };
}
