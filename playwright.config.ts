import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = ".data/e2e";

/** Whole journeys in Debian's chromium against the built app served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "mobile-chromium", use: { ...devices["Pixel 7"], browserName: "chromium" } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node apps/server/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // METRICS_PORT 0: /metrics on a free port, so browser tests never fight another shop on this machine for 9464.
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, LOG_LEVEL: "warn", PUBLIC_URL: `http://127.0.0.1:${PORT}`, METRICS_PORT: "0" },
  },
});
