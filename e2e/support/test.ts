import { test as base } from "@playwright/test";
import { e2eShop, type E2eShop } from "./shops";

export * from "@playwright/test";

/** Playwright's `test`, pointed at this worker's own shop (support/shops.ts): `baseURL` and the `shop` fixture. */
export const test = base.extend<{ shop: E2eShop }>({
  shop: async ({}, use, testInfo) => {
    await use(e2eShop(testInfo.parallelIndex));
  },
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
});
