import { useSyncExternalStore } from "react";

type Stored = string | null;

/**
 * A value kept in localStorage under one or more keys, as an external store: readers re-render when this tab writes
 * it, when another tab writes one of its keys, and when another tab clears storage (a storage event whose key is null).
 */
export interface StoredValue<K extends string, T> {
  /** The value now: the same object until one of its keys changes, as useSyncExternalStore requires. */
  get: () => T;
  /** Stores each given key (null removes it), then tells this tab's readers; other tabs hear it as a storage event. */
  write: (entries: { [key in K]?: Stored }) => void;
  subscribe: (notify: () => void) => () => void;
  /** The value with nothing stored, also the snapshot outside a browser. */
  readonly empty: T;
}

export function storedValue<K extends string, T>(keys: readonly K[], read: (stored: Stored[]) => T): StoredValue<K, T> {
  const listeners = new Set<() => void>();
  const nothing = keys.map(() => null);
  const empty = read(nothing);
  let cached: { stored: Stored[]; value: T } = { stored: nothing, value: empty };
  return {
    empty,
    get() {
      const stored = keys.map((key) => localStorage.getItem(key));
      if (stored.some((raw, index) => raw !== cached.stored[index])) cached = { stored, value: read(stored) };
      return cached.value;
    },
    write(entries) {
      for (const key of keys) {
        const value = entries[key];
        if (value === null) localStorage.removeItem(key);
        else if (value !== undefined) localStorage.setItem(key, value);
      }
      listeners.forEach((notify) => notify());
    },
    subscribe(notify) {
      listeners.add(notify);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || (keys as readonly string[]).includes(event.key)) notify();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(notify);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}

export function useStoredValue<K extends string, T>(store: StoredValue<K, T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.empty);
}

/** Stored JSON, or undefined when there is none or it does not parse (storage is anyone's to edit). */
export function parseStoredJson(stored: Stored): unknown {
  if (stored === null) return undefined;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return undefined;
  }
}
