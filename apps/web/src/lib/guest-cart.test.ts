import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@mithai/schema";
import { withFakeBrowser } from "./fake-browser";
import { clearGuestCarts, getGuestCart, guestCart, guestCartToMerge, savePreLoginCart, setGuestCart } from "./guest-cart";

describe("guest cart", () => {
  const browser = withFakeBrowser();

  it("reads a cart another tab stored badly as empty, and drops lines that are not whole kilograms", () => {
    browser().otherTabWrites(STORAGE_KEYS.guestCart, "{not json");
    expect(getGuestCart()).toEqual({});
    browser().otherTabWrites(STORAGE_KEYS.guestCart, JSON.stringify({ a: 2, b: 0.5, c: "3" }));
    expect(getGuestCart()).toEqual({ a: 2 });
  });

  it("merges the pre-login cart under the guest cart, and clearing forgets both", () => {
    savePreLoginCart({ a: 1, b: 4 });
    setGuestCart({ a: 3 });
    expect(guestCartToMerge()).toEqual({ a: 3, b: 4 });
    clearGuestCarts();
    expect(getGuestCart()).toEqual({});
    expect(guestCartToMerge()).toEqual({});
  });

  it("empties when another tab clears storage", () => {
    setGuestCart({ a: 3 });
    const notify = vi.fn();
    guestCart.subscribe(notify);
    browser().otherTabClears();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(getGuestCart()).toEqual({});
  });
});
