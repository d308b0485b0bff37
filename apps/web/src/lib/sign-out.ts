import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { setCustomerToken } from "./session";
import { forgetCustomer } from "./trpc";

/** Set between a sign-out's navigation and the first render of the page it leads to. */
let signingOut = false;

/**
 * Signs the customer out on the way to home. The token is dropped once home is on screen, not before: a route change
 * is a React transition while the token is a synchronous store, so dropping it first would show the page being left
 * in its signed-out form ("Please sign in to see your account.") until home has loaded.
 */
export function useSignOut(): (options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return (options) => {
    signingOut = true;
    void navigate("/", { replace: options?.replace ?? false });
  };
}

/** In the shop's layout: ends a sign-out begun by useSignOut once the page it leads to has rendered. */
export function useFinishSignOut(): void {
  const { key } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signingOut) return;
    signingOut = false;
    setCustomerToken(null);
    forgetCustomer(queryClient);
  }, [key, queryClient]);
}
