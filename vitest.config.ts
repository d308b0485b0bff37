import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/examples/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/admin-cli/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
