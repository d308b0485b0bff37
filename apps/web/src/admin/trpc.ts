import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { createContext } from "react";
import type { AppRouter } from "@mithai/api";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema";
import { errorCodeOf } from "../lib/errors";
import { endAdminSession, getAdminSession } from "./session";

/**
 * The admin panel's own tRPC hooks, in a React context of their own: every call carries the admin token as Bearer.
 * Admin pages use `adminTrpc` (never the storefront's `trpc`, which carries the customer token).
 */
export const adminTrpc = createTRPCReact<AppRouter>({ context: createContext(null) });

export function makeAdminTRPCClient() {
  const headers = () => {
    const session = getAdminSession();
    return session ? { authorization: `Bearer ${session.token}` } : {};
  };
  return adminTrpc.createClient({
    links: [
      // An item with its picture (admin.addFood, admin.editFood) goes alone as a form; everything else is batched JSON.
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        // An add carries its form's Idempotency-Key (AddItemPage): sending the same form again adds it once.
        true: httpLink({
          url: "/trpc",
          headers: ({ op }) => {
            const key = op.context.idempotencyKey;
            return typeof key === "string" ? { ...headers(), "idempotency-key": key } : headers();
          },
        }),
        false: httpBatchLink({ url: "/trpc", maxItems: TRPC_MAX_BATCH_SIZE, headers }),
      }),
    ],
  });
}

/** A separate cache from the storefront's; a token the server no longer accepts ends the admin session. */
export function makeAdminQueryClient(): QueryClient {
  const endSessionWhenRefused = (error: unknown) => {
    if (errorCodeOf(error) === "UNAUTHENTICATED" && getAdminSession()) endAdminSession();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionWhenRefused }),
    mutationCache: new MutationCache({ onError: endSessionWhenRefused }),
    defaultOptions: { queries: { staleTime: 0, retry: 1, refetchOnWindowFocus: false } },
  });
}
