import { test as base, type APIRequestContext } from "@playwright/test";
import { e2eShop, type E2eShop } from "./shops";

export * from "@playwright/test";

/**
 * Every call a test makes with Playwright's request contexts (`request`, `page.request`) asks the shop to close the
 * connection after answering. Playwright keeps idle connections open past the shop's keep-alive timeout (5 s; it
 * does not read the `Keep-Alive: timeout=5` the shop sends), so a call after a few seconds of browser steps could go
 * out on a connection the shop was closing at that instant and fail with ECONNRESET (microsoft/playwright#42698).
 * The browser's own requests keep their connections, as a customer's do.
 */
function closeConnectionAfterEachCall(api: APIRequestContext): void {
  for (const verb of ["fetch", "get", "post", "put", "patch", "delete", "head"] as const) {
    const call = api[verb].bind(api) as (url: unknown, options?: { headers?: Record<string, string> }) => ReturnType<APIRequestContext["fetch"]>;
    Object.assign(api, { [verb]: (url: unknown, options: { headers?: Record<string, string> } = {}) => call(url, { ...options, headers: { ...options.headers, connection: "close" } }) });
  }
}

/** Playwright's `test`, pointed at this worker's own shop (support/shops.ts): `baseURL` and the `shop` fixture. */
export const test = base.extend<{ shop: E2eShop }>({
  shop: async ({}, use, testInfo) => {
    await use(e2eShop(testInfo.parallelIndex));
  },
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
  request: async ({ request }, use) => {
    closeConnectionAfterEachCall(request);
    await use(request);
  },
  context: async ({ context }, use) => {
    closeConnectionAfterEachCall(context.request);
    await use(context);
  },
});
