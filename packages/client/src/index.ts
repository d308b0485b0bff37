import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "@mithai/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@mithai/schema/trpc";

export type { AppRouter };
export type MithaiClient = TRPCClient<AppRouter>;

export interface MithaiClientOptions {
  /** The shop's base URL, e.g. http://localhost:3000 (the client talks to `<url>/trpc`). */
  url: string;
  /** A customer or admin token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  fetch?: typeof globalThis.fetch;
}

/** A typed tRPC client for internal tools and scripts. */
export function createMithaiClient({ url, token, fetch }: MithaiClientOptions): MithaiClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${url.replace(/\/+$/, "")}/trpc`,
        maxItems: TRPC_MAX_BATCH_SIZE,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        ...(fetch ? { fetch } : {}),
      }),
    ],
  });
}
