import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useEffect } from "react";
import {
  CART_FULL_MESSAGE,
  type CartLine,
  type CartMap,
  LINE_FULL_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type MergedQuantityChange,
  MIN_LINE_QUANTITY,
  MINIMUM_QUANTITY_MESSAGE,
} from "@mithai/schema";
import { t } from "@lingui/core/macro";
import { activeLocale } from "./i18n";
import { applyCartChange, cartMapOf, type CartChange } from "./cart-lines";
import { serverMessageOf } from "./errors";
import { clearGuestCarts, getGuestCart, guestCartToMerge, setGuestCart, useGuestCart } from "./guest-cart";
import { showNotice } from "./notice";
import { getCustomerToken, useCustomerToken } from "./session";
import { trpc, type TRPCClient, type TRPCUtils } from "./trpc";

export interface CartStore {
  /** Item id → kg; undefined while a signed-in customer's cart is loading. */
  cart: CartMap | undefined;
  isSignedIn: boolean;
  /** The signed-in customer's cart could not be loaded. */
  loadFailed: boolean;
  /** Applies the change at once; when signed in, sends it to the server and rolls back if the server refuses. */
  change: (change: CartChange) => Promise<boolean>;
}

/** The one cart the interface shows: the guest cart in storage, or the signed-in customer's server cart. */
export function useCart(): CartStore {
  const token = useCustomerToken();
  const guestCart = useGuestCart();
  const utils = trpc.useUtils();
  const server = trpc.cart.get.useQuery(undefined, { enabled: Boolean(token), select: cartMapOf });

  async function change(change: CartChange): Promise<boolean> {
    if (!getCustomerToken()) {
      const next = applyCartChange(getGuestCart(), change);
      if (next instanceof Error) return refuse(limitText(next));
      setGuestCart(next);
      return true;
    }
    await utils.cart.get.cancel();
    const previous = utils.cart.get.getData() ?? [];
    const next = applyCartChange(cartMapOf(previous), change);
    if (next instanceof Error) return refuse(limitText(next));
    utils.cart.get.setData(undefined, linesOf(next));
    try {
      utils.cart.get.setData(undefined, await sendChange(utils.client, change));
      return true;
    } catch (error) {
      utils.cart.get.setData(undefined, previous);
      void utils.cart.get.invalidate();
      return refuse(serverMessageOf(error) ?? t`We could not update your cart. Please try again.`);
    }
  }

  return { cart: token ? server.data : guestCart, isSignedIn: Boolean(token), loadFailed: Boolean(token) && server.isError, change };
}

let moving: Promise<string | null> | null = null;

/**
 * Moves the guest cart into the signed-in customer's server cart (the guest's quantities win), clears it from
 * storage and shows the merged cart. Answers what the shopper should be told (lines dropped, saved quantities
 * replaced), or null; answers null at once when there is nothing to move or a move is already under way (whoever
 * started it tells the shopper).
 */
export function moveGuestCart(utils: TRPCUtils): Promise<string | null> | null {
  const guestCart = guestCartToMerge();
  if (moving || Object.keys(guestCart).length === 0) return null;
  moving = utils.client.cart.merge
    .mutate({ cartData: guestCart })
    .then(async (merged) => {
      clearGuestCarts();
      await utils.cart.get.cancel();
      utils.cart.get.setData(undefined, merged.cartItems);
      const dropped = merged.droppedItemIds.length > 0 ? t`Some sweets could not be moved to your cart: they are no longer on the menu or your cart is full.` : null;
      return [mergeNotice(merged.changed), dropped].filter(Boolean).join(" ") || null;
    })
    .catch(() => t`We could not move your cart to your account. Please refresh the page to try again.`)
    .finally(() => {
      moving = null;
    });
  return moving;
}

/** Resolves once a move of the guest cart under way (if any) has finished. */
export async function guestCartMoved(): Promise<void> {
  await moving;
}

/**
 * Mounted once in the shop layout (SPEC §4): when a token is present or appears, the guest cart moves to the
 * server and the server cart is shown; on sign-out the customer's cart is forgotten.
 */
export function useCartSync(): void {
  const token = useCustomerToken();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) {
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.cart.get) });
      return;
    }
    void moveGuestCart(utils)?.then((told) => {
      if (told) showNotice(told);
    });
  }, [token, utils, queryClient]);
}

function sendChange(client: TRPCClient, change: CartChange): Promise<CartLine[]> {
  switch (change.kind) {
    case "add":
      return client.cart.add.mutate({ itemId: change.itemId, quantity: change.quantity });
    case "remove":
      return client.cart.remove.mutate({ itemId: change.itemId });
    case "removeAll":
      return client.cart.removeAll.mutate({ itemId: change.itemId });
  }
}

function linesOf(cart: CartMap): CartLine[] {
  return Object.entries(cart).map(([_id, quantity]) => ({ _id, quantity }));
}

/** A cart limit (lib/cart-lines) in the page's language. */
function limitText(error: Error): string {
  switch (error.message) {
    case MINIMUM_QUANTITY_MESSAGE:
      return t`Minimum ${MIN_LINE_QUANTITY} kg required to add to cart.`;
    case CART_FULL_MESSAGE:
      return t`A cart can hold at most ${MAX_CART_LINES} different sweets`;
    case LINE_FULL_MESSAGE:
      return t`You can order at most ${MAX_LINE_QUANTITY} kg of one sweet`;
    default:
      return error.message;
  }
}

/** packages/schema/src/cart.ts's mergeChangeNotice in the page's language: saved quantities the guest's replaced. */
function mergeNotice(changed: readonly MergedQuantityChange[]): string | null {
  if (changed.length === 0) return null;
  const lines = new Intl.ListFormat(activeLocale(), { type: "conjunction" }).format(changed.map(({ name, to, from }) => t`${name} set to ${to} kg (was ${from} kg)`));
  return t`${lines} from your recent visit.`;
}

function refuse(message: string): false {
  showNotice(message);
  return false;
}
