import { defineConfig, devices } from "@playwright/test";
import { E2E_WORKERS, e2eShops } from "./e2e/support/shops";

/**
 * Whole journeys in Debian's chromium against the built app served by the real server on a fresh embedded database,
 * one server per worker (e2e/support/shops.ts): a spec file runs whole, in order, on one worker's shop.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  // 15 s: the journeys run beside vitest in `npm test` (scripts/test-together.mjs), so a page may wait for a busy CPU.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // baseURL: each worker's own shop (e2e/support/test.ts).
    // No traces: recording one for every test cost a quarter of the run (docs/figures.md); `--trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/ensure-chromium.sh), as Playwright runs headless by default: a page
      // costs about 40 % of the CPU the full browser's headless mode spends on it (docs/figures.md).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // A Pixel 7's viewport, touch and user agent at one device pixel per CSS pixel: its 2.625 made every page paint seven
  // times the pixels, about a fifth of the journeys' time (docs/figures.md); what a page does is the same.
  projects: [{ name: "mobile-chromium", use: { ...devices["Pixel 7"], deviceScaleFactor: 1, browserName: "chromium" } }],
  // METRICS_PORT 0: /metrics on a free port, so browser tests never fight another shop on this machine for 9464.
  webServer: e2eShops.map(({ port, url, dataDir }) => ({
    command: `rm -rf ${dataDir} && node apps/server/dist/server.js`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: url, METRICS_PORT: "0" },
  })),
});
