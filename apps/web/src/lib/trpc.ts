import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@mithai/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema/trpc";
import { errorCodeOf } from "./errors";
import { getCustomerToken, setCustomerToken } from "./session";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    // A stored token the server no longer accepts (expired, account gone) signs the customer out.
    queryCache: new QueryCache({
      onError(error) {
        if (errorCodeOf(error) === "UNAUTHORIZED" && getCustomerToken()) setCustomerToken(null);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The catalogue query every page makes: a GET of its own, answered from the server's cache and revalidated by ETag. */
const isCatalogList = (op: { type: string; path: string; input: unknown }) => op.type === "query" && op.path === "catalog.list" && op.input === undefined;

export function makeTRPCClient() {
  const headers = () => {
    const token = getCustomerToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  return createTRPCClient<AppRouter>({
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
