import { useSyncExternalStore } from "react";

/** Whether the navbar's login/sign-up popup is open; anything (checkout, reviews) may open it. */
export type LoginPopupMode = "Login" | "Sign Up";

let state: { open: boolean; mode: LoginPopupMode } = { open: false, mode: "Login" };
const listeners = new Set<() => void>();

function set(next: typeof state): void {
  state = next;
  listeners.forEach((notify) => notify());
}

export const openLoginPopup = (mode: LoginPopupMode = "Login") => set({ open: true, mode });
export const closeLoginPopup = () => set({ ...state, open: false });

export function useLoginPopup(): typeof state {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => state,
  );
}
