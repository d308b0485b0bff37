import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@mithai/schema";
import { withFakeBrowser } from "./fake-browser";
import { customerToken, getCustomerToken, setCustomerToken } from "./session";

describe("customer token", () => {
  const browser = withFakeBrowser();

  it("is signed out in this tab when another tab clears storage", () => {
    setCustomerToken("t1");
    expect(getCustomerToken()).toBe("t1");
    const notify = vi.fn();
    customerToken.subscribe(notify);
    browser().otherTabClears();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(getCustomerToken()).toBeNull();
  });

  it("follows a sign-in in another tab, and an empty token signs out", () => {
    browser().otherTabWrites(STORAGE_KEYS.token, "t2");
    expect(getCustomerToken()).toBe("t2");
    setCustomerToken("");
    expect(getCustomerToken()).toBeNull();
  });
});
