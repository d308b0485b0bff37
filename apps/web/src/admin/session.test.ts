import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@mithai/schema";
import { withFakeBrowser } from "../lib/fake-browser";
import { adminSession, endAdminSession, getAdminSession, startAdminSession } from "./session";

describe("admin session", () => {
  const browser = withFakeBrowser();

  it("starts with the token and the login time, and ends with both gone", () => {
    const before = Date.now();
    startAdminSession("admin-1");
    const session = getAdminSession();
    expect(session?.token).toBe("admin-1");
    expect(session?.loginTime.getTime()).toBeGreaterThanOrEqual(before);
    endAdminSession();
    expect(getAdminSession()).toBeNull();
  });

  it("takes a token with an unreadable login time as a session starting now", () => {
    browser().otherTabWrites(STORAGE_KEYS.adminToken, "admin-2");
    browser().otherTabWrites(STORAGE_KEYS.adminLoginTime, "yesterday-ish");
    expect(getAdminSession()?.token).toBe("admin-2");
    expect(Number.isNaN(getAdminSession()?.loginTime.getTime())).toBe(false);
  });

  it("ends when another tab clears storage", () => {
    startAdminSession("admin-3");
    const notify = vi.fn();
    adminSession.subscribe(notify);
    browser().otherTabClears();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(getAdminSession()).toBeNull();
  });
});
