import { describe, expect, it, vi } from "vitest";
import { withFakeBrowser } from "./fake-browser";
import { parseStoredJson, storedValue } from "./stored-value";

const pair = () => storedValue(["a", "b"], ([a, b]) => (a ? { a, b: b ?? null } : null));

describe("storedValue", () => {
  const browser = withFakeBrowser();

  it("reads its keys into one value, the same object until a key changes", () => {
    const store = pair();
    expect(store.get()).toBeNull();
    expect(store.get()).toBe(store.empty);
    store.write({ a: "x", b: "y" });
    const first = store.get();
    expect(first).toEqual({ a: "x", b: "y" });
    expect(store.get()).toBe(first);
    store.write({ b: "z" });
    expect(store.get()).toEqual({ a: "x", b: "z" });
    expect(store.get()).not.toBe(first);
  });

  it("removes a key written as null and leaves keys not given alone", () => {
    const store = pair();
    store.write({ a: "x", b: "y" });
    store.write({ b: null });
    expect(store.get()).toEqual({ a: "x", b: null });
    store.write({ a: null });
    expect(store.get()).toBeNull();
  });

  it("tells this tab's readers of every write, until they unsubscribe", () => {
    const store = pair();
    const notify = vi.fn();
    const unsubscribe = store.subscribe(notify);
    store.write({ a: "x" });
    expect(notify).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.write({ a: "y" });
    browser().otherTabWrites("a", "z");
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("hears another tab write one of its keys, and not other keys", () => {
    const store = pair();
    const notify = vi.fn();
    store.subscribe(notify);
    browser().otherTabWrites("elsewhere", "1");
    expect(notify).not.toHaveBeenCalled();
    browser().otherTabWrites("b", "y");
    browser().otherTabWrites("a", "x");
    expect(notify).toHaveBeenCalledTimes(2);
    expect(store.get()).toEqual({ a: "x", b: "y" });
  });

  it("hears another tab clear storage (a storage event with key null) and reads nothing stored", () => {
    const store = pair();
    store.write({ a: "x", b: "y" });
    expect(store.get()).toEqual({ a: "x", b: "y" });
    const notify = vi.fn();
    store.subscribe(notify);
    browser().otherTabClears();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(store.empty);
  });
});

describe("parseStoredJson", () => {
  it("answers undefined for nothing stored or text that is not JSON", () => {
    expect(parseStoredJson(null)).toBeUndefined();
    expect(parseStoredJson("{not json")).toBeUndefined();
    expect(parseStoredJson('{"a":2}')).toEqual({ a: 2 });
  });
});
