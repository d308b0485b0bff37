import { useSyncExternalStore } from "react";

/** One short message for the customer (a cart change that failed, items that left the menu), shown by <Notice />. */
export interface NoticeState {
  id: number;
  text: string;
}

let current: NoticeState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: NoticeState | null): void {
  current = next;
  listeners.forEach((notify) => notify());
}

export const showNotice = (text: string) => set({ id: nextId++, text });
export const dismissNotice = () => set(null);

export function useNotice(): NoticeState | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => current,
    () => null,
  );
}
