import { preparedQuery, type Db, type Tx } from "@mithai/db/client";
import { cartItems, foodItems, users } from "@mithai/db/schema";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "@mithai/db/sql";
import {
  CART_FULL_MESSAGE,
  type CartLine,
  type CartMap,
  foodIdSchema,
  LINE_FULL_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type MergeResult,
} from "@mithai/schema";
import { onSaleItemId } from "../catalog/food-items";
import { AppError, notFound } from "../errors";
import { stockShort } from "../stock/stock";


const NOT_IN_CART = "This sweet is not in your cart";

const placeholder = { userId: sql.placeholder("userId"), foodItemId: sql.placeholder("foodItemId"), quantity: sql.placeholder("quantity") };
const lineOf = and(eq(cartItems.userId, placeholder.userId), eq(cartItems.foodItemId, placeholder.foodItemId));

const cartOf = preparedQuery((db) =>
  db
    .select({ _id: cartItems.foodItemId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(foodItems, and(eq(foodItems.id, cartItems.foodItemId), isNull(foodItems.removedAt)))
    .where(eq(cartItems.userId, placeholder.userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.foodItemId))
    .prepare("cart"),
);

const stockOf = preparedQuery((db) =>
  db.select({ name: foodItems.name, stockKg: foodItems.stockKg }).from(foodItems).where(eq(foodItems.id, placeholder.foodItemId)).prepare("cart_item_stock"),
);

// One statement adds to whatever the line holds now, so no add is ever lost; the guard keeps the line within limits.
const addToLine = preparedQuery((db) =>
  db
    .insert(cartItems)
    .values(placeholder)
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.foodItemId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
    })
    .returning({ quantity: cartItems.quantity })
    .prepare("cart_add"),
);

const takeOneFromLine = preparedQuery((db) =>
  db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
    .where(and(lineOf, gt(cartItems.quantity, 1)))
    .returning({ quantity: cartItems.quantity })
    .prepare("cart_take_one"),
);

const deleteLastOfLine = preparedQuery((db) => db.delete(cartItems).where(and(lineOf, lte(cartItems.quantity, 1))).prepare("cart_delete_last"));

const deleteLine = preparedQuery((db) => db.delete(cartItems).where(lineOf).prepare("cart_delete_line"));

const lockUser = preparedQuery((db) => db.select({ id: users.id }).from(users).where(eq(users.id, placeholder.userId)).for("update").prepare("cart_lock"));

/** The customer's cart; lines of items taken off the menu are never shown. */
export function getCart(db: Db, userId: string): Promise<CartLine[]> {
  return cartOf(db).execute({ userId });
}

/** Adds `quantity` kg to the item's line (a new line when there is none). */
export function addToCart(db: Db, userId: string, itemId: string, quantity = 1): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const foodItemId = await onSaleItemId(tx, itemId);
    const lines = await getCart(tx, userId);
    if (!lines.some((line) => line._id === foodItemId) && lines.length >= MAX_CART_LINES) throw new AppError("CART_FULL", CART_FULL_MESSAGE);
    // A sold-out sweet cannot be added, nor more than is left (checkout decides under lock; this tells the customer early).
    const [stock] = await stockOf(tx).execute({ foodItemId });
    const inCart = lines.find((line) => line._id === foodItemId)?.quantity ?? 0;
    if (stock && stock.stockKg !== null && inCart + quantity > stock.stockKg) throw stockShort(stock.name, stock.stockKg);
    const [line] = await addToLine(tx).execute({ userId, foodItemId, quantity });
    if (!line) throw new AppError("CART_FULL", LINE_FULL_MESSAGE);
    return getCart(tx, userId);
  });
}

/** Takes one kg off the item's line; the line goes when it reaches 0. */
export function removeOneFromCart(db: Db, userId: string, itemId: string): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const foodItemId = await lineItemId(tx, userId, itemId);
    const [decremented] = await takeOneFromLine(tx).execute({ userId, foodItemId });
    if (!decremented) await deleteLastOfLine(tx).execute({ userId, foodItemId });
    return getCart(tx, userId);
  });
}

/** Deletes the item's line whatever its quantity. */
export function removeLineFromCart(db: Db, userId: string, itemId: string): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const foodItemId = await lineItemId(tx, userId, itemId);
    await deleteLine(tx).execute({ userId, foodItemId });
    return getCart(tx, userId);
  });
}

/**
 * Merges a guest cart into the customer's server cart (DECISIONS): for an item in both, the guest quantity
 * wins (each saved quantity it replaced is reported); other server lines stay; unknown or removed items, and new
 * lines beyond the cart's limit, are dropped and reported. Quantities were validated by the caller's contract.
 */
export function mergeGuestCart(db: Db, userId: string, guestCart: CartMap): Promise<MergeResult> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const guestIds = Object.keys(guestCart);
    const candidates = guestIds.filter((id) => foodIdSchema.safeParse(id).success);
    const onSale = new Map(
      candidates.length === 0
        ? []
        : (
            await tx
              .select({ id: foodItems.id, name: foodItems.name })
              .from(foodItems)
              .where(and(inArray(foodItems.id, candidates), isNull(foodItems.removedAt)))
          ).map((row) => [row.id, row.name]),
    );

    const saved = new Map((await getCart(tx, userId)).map((line) => [line._id, line.quantity]));
    const serverIds = new Set(saved.keys());
    const kept: { userId: string; foodItemId: string; quantity: number }[] = [];
    const droppedItemIds: string[] = [];
    const changed: MergeResult["changed"] = [];
    let lineCount = serverIds.size;
    for (const id of guestIds) {
      const fits = serverIds.has(id) || lineCount < MAX_CART_LINES;
      if (!onSale.has(id) || !fits) {
        droppedItemIds.push(id);
        continue;
      }
      if (!serverIds.has(id)) lineCount += 1;
      const quantity = guestCart[id]!;
      const before = saved.get(id);
      if (before !== undefined && before !== quantity) changed.push({ _id: id, name: onSale.get(id)!, from: before, to: quantity });
      kept.push({ userId, foodItemId: id, quantity });
    }

    if (kept.length > 0) {
      await tx
        .insert(cartItems)
        .values(kept)
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.foodItemId],
          set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
        });
    }
    return { cartItems: await getCart(tx, userId), droppedItemIds, changed };
  });
}

/** Every cart write holds the customer's row lock, so concurrent writes see each other (the 50-line cap holds). */
async function lockCart(tx: Tx, userId: string): Promise<void> {
  const [user] = await lockUser(tx).execute({ userId });
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in again");
}

/** The id of a line the customer can see in their cart. */
async function lineItemId(tx: Tx, userId: string, itemId: string): Promise<string> {
  const line = (await getCart(tx, userId)).find((entry) => entry._id === itemId);
  if (!line) throw notFound(NOT_IN_CART);
  return line._id;
}
