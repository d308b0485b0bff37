import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useEffect } from "react";
import { mergeChangeNotice, type CartLine, type CartMap } from "@mithai/schema/cart";
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
      if (next instanceof Error) return refuse(next.message);
      setGuestCart(next);
      return true;
    }
    await utils.cart.get.cancel();
    const previous = utils.cart.get.getData() ?? [];
    const next = applyCartChange(cartMapOf(previous), change);
    if (next instanceof Error) return refuse(next.message);
    utils.cart.get.setData(undefined, linesOf(next));
    try {
      utils.cart.get.setData(undefined, await sendChange(utils.client, change));
      return true;
    } catch (error) {
      utils.cart.get.setData(undefined, previous);
      void utils.cart.get.invalidate();
      return refuse(serverMessageOf(error) ?? "We could not update your cart. Please try again.");
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
      const dropped = merged.droppedItemIds.length > 0 ? "Some sweets could not be moved to your cart: they are no longer on the menu or your cart is full." : null;
      return [mergeChangeNotice(merged.changed), dropped].filter(Boolean).join(" ") || null;
    })
    .catch(() => "We could not move your cart to your account. Please refresh the page to try again.")
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

function refuse(message: string): false {
  showNotice(message);
  return false;
}
