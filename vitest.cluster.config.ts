import { defineConfig } from "vitest/config";

/** `npm run test:cluster`: the two-server tests (real PostgreSQL, Redis, s3rver, nginx); not part of `vitest run`. */
export default defineConfig({
  test: {
    include: ["apps/server/src/cluster/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
