import { QueryCache, QueryClient } from "@tanstack/react-query";
import { httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCReact, getQueryKey } from "@trpc/react-query";
import type { AppRouter } from "@mithai/api";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema";
import { errorCodeOf } from "./errors";
import { getCustomerToken, setCustomerToken } from "./session";

/**
 * The storefront's tRPC hooks (`trpc.catalog.list.useQuery()`, `trpc.cart.add.useMutation()`, `trpc.useUtils()`),
 * over the storefront's query cache; every call carries the customer's token. The admin panel has its own
 * (`admin/trpc.ts`).
 */
export const trpc = createTRPCReact<AppRouter>();

export type TRPCUtils = ReturnType<typeof trpc.useUtils>;
export type TRPCClient = TRPCUtils["client"];

/** Forgets what the cache holds of a customer (profile, addresses, orders): on sign-out, and before another signs in. */
export function forgetCustomer(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: getQueryKey(trpc.user) });
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    // A stored token the server no longer accepts (expired, account gone) signs the customer out.
    queryCache: new QueryCache({
      onError(error) {
        if (errorCodeOf(error) === "UNAUTHENTICATED" && getCustomerToken()) setCustomerToken(null);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * The catalogue query every page makes (in English without input, otherwise `{ lang }`): a GET of its own, answered
 * from the server's cache and revalidated by ETag.
 */
const isCatalogList = (op: { type: string; path: string; input: unknown }) =>
  op.type === "query" && op.path === "catalog.list" && (op.input === undefined || (typeof op.input === "object" && op.input !== null && Object.keys(op.input).join() === "lang"));

export function makeTRPCClient() {
  const headers = () => {
    const token = getCustomerToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  return trpc.createClient({
    links: [
      splitLink({
        condition: isCatalogList,
        // Public: no token, so every visitor's request is the same one.
        true: httpLink({ url: "/trpc" }),
        false: httpBatchLink({ url: "/trpc", headers, maxItems: TRPC_MAX_BATCH_SIZE }),
      }),
    ],
  });
}
