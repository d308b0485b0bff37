import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/admin-cli/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
    // The two-server tests need nginx and fixed ports: `npm run test:cluster` runs them.
    exclude: [...configDefaults.exclude, "apps/server/src/cluster/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates once per run; every test file's database is a copy (packages/db/src/test-template.ts).
    globalSetup: ["packages/db/src/test-template.ts"],
    pool: "forks",
    maxWorkers: 2,
  },
});
