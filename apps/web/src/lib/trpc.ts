import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@mithai/api/root";
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

export function makeTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/trpc",
        headers() {
          const token = getCustomerToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}
