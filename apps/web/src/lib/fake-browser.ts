import { afterEach, beforeEach, vi } from "vitest";

/** For tests: this tab's localStorage and window, enough for the store: another tab's change arrives as a storage event. */
function fakeBrowser() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const window = new EventTarget();
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("window", window);
  return {
    /** Another tab sets (or with null removes) a key. */
    otherTabWrites(key: string, value: string | null) {
      if (value === null) items.delete(key);
      else items.set(key, value);
      window.dispatchEvent(Object.assign(new Event("storage"), { key }));
    },
    /** Another tab calls localStorage.clear(). */
    otherTabClears() {
      items.clear();
      window.dispatchEvent(Object.assign(new Event("storage"), { key: null }));
    },
  };
}

export type FakeBrowser = ReturnType<typeof fakeBrowser>;

/** A fresh fake browser for each test of the calling file; answers the current test's. */
export function withFakeBrowser(): () => FakeBrowser {
  let browser: FakeBrowser;
  beforeEach(() => {
    browser = fakeBrowser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return () => browser;
}
