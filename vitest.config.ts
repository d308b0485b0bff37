import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test files that need a module registry of their own: they replace a module with `vi.mock` (a shared registry has it
 * already loaded, unmocked) or set process-wide tracing up.
 */
const ISOLATED = [
  "apps/server/src/tracing/*.test.ts",
  "packages/api/src/accounts/password-reset.test.ts",
  "packages/api/src/admin/food-admin.test.ts",
];

const ALL = ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/admin-cli/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"];
// The two-server tests need nginx and fixed ports: `npm run test:cluster` runs them.
const EXCLUDE = [...configDefaults.exclude, "apps/server/src/cluster/**"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates once per run; every test file's database is a copy (packages/db/src/test-template.ts).
    globalSetup: ["packages/db/src/test-template.ts"],
    pool: "forks",
    maxWorkers: 2,
    projects: [
      // Each worker loads the shop's modules once and runs file after file on them (a fresh database and app per file
      // still): loading them again for each of 165 files took about half the run.
      { extends: true, test: { name: "shared", isolate: false, include: ALL, exclude: [...EXCLUDE, ...ISOLATED] } },
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: EXCLUDE } },
    ],
  },
});
