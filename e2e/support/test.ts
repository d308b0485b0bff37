import { test as base, type APIRequestContext, type BrowserContext } from "@playwright/test";
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

const prepared = new WeakSet<BrowserContext>();

/** Each context a test uses, once: its API calls close their connections, and its trouble is noted. */
function prepare(context: BrowserContext, note: (line: string) => void): void {
  if (prepared.has(context)) return;
  prepared.add(context);
  closeConnectionAfterEachCall(context.request);
  noteTrouble(context, note);
}

/**
 * Notes what the pages of a context did wrong or were told that a test's assertions do not show: a request that got no
 * answer, an answer with an error status, a script error, an error logged, an alert or confirm (Playwright dismisses
 * one nobody listens for, so a failed order placement's alert leaves no trace on the page). Listening for a dialog's
 * closing does not change that. Read only when the test fails.
 */
function noteTrouble(context: BrowserContext, note: (line: string) => void): void {
  context.on("requestfailed", (request) => note(`no answer: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "?"})`));
  context.on("response", (response) => {
    if (response.status() >= 400) note(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  context.on("weberror", (error) => note(`script error: ${error.error().message}`));
  context.on("console", (message) => {
    if (message.type() === "error") note(`console error: ${message.text()}`);
  });
  context.on("dialogclosed", (dialog) => note(`${dialog.type()} shown: ${dialog.message()}`));
}

/**
 * Playwright's `test`, pointed at this worker's own shop (support/shops.ts): `baseURL` and the `shop` fixture. When a
 * test fails, what its pages' requests, scripts and dialogs did wrong is printed with it (`noteTrouble`), for the
 * contexts a test opens itself (`browser.newPage`) too: a journey that timed out on a busy machine then says why.
 * Those contexts' API calls close their connections as the test's own do.
 */
export const test = base.extend<{ shop: E2eShop; trouble: (line: string) => void }>({
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
  trouble: [
    async ({ browser }, use, testInfo) => {
      const started = performance.now();
      const notes: string[] = [];
      const note = (line: string) => notes.push(`${((performance.now() - started) / 1000).toFixed(1)} s  ${line}`);
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        prepare(opened, note);
        return opened;
      };
      await use(note);
      browser.newContext = newContext;
      if (testInfo.status !== testInfo.expectedStatus && notes.length > 0) {
        console.error(`"${testInfo.title}" failed; what its pages did wrong, in the order it happened:\n  ${notes.join("\n  ")}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, trouble }, use) => {
    prepare(context, trouble);
    await use(context);
  },
});
